/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The server's runtime (api/runtime.ts), handed over by api/server/server.ts. */
    runtime?: import('../api/runtime.ts').Runtime;
  }
}
