// Sentences many operations' descriptions share, so they read the same everywhere.
import { DEFAULT_PAGE, LIST_LIMIT } from '../../domain/requests/views.ts';

export const PAGING_NOTE = `Pages of \`limit\` (1 to ${LIST_LIMIT}, default ${DEFAULT_PAGE}), newest first; pass \`next_cursor\` back as \`cursor\` for the next page (null at the end). An unknown parameter is 422.`;

export const SESSION_NOTE =
  " Session only (the dashboard's cookie; a request from another origin is 403 forbidden): an API key is 403 forbidden.";
