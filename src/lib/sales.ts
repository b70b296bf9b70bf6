// The sales address from configuration (SALES_EMAIL), for the static trust pages: read once, when the site is built.
import { loadConfig } from '../../api/config.ts';

export const salesEmail = loadConfig().salesEmail;
