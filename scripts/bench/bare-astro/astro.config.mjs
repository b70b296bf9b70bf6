// The build baseline: a bare Astro 7 project building the same Markdown files with a one-line layout.
import { defineConfig } from 'astro/config';

export default defineConfig({ output: 'static' });
