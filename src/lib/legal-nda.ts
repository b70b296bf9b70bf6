// The NDA as this build publishes it: content/legal/nda.md with the parties and law from configuration
// (LEGAL_ENTITY, LEGAL_ADDRESS, GOVERNING_LAW), read once, when the site is built, as SALES_EMAIL is (sales.ts).
import { resolve } from 'node:path';
import { loadConfig } from '../../api/config.ts';
import { loadNdaDocument } from '../../api/domain/labs/nda-document.ts';
import { contentDir } from './content-dir.ts';

export const builtNda = loadNdaDocument(resolve(contentDir), loadConfig().legal);
