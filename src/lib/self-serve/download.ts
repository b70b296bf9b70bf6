// A dashboard page that answers with a file (a sample's zip, an NDA's signed copy): the action's file as an
// attachment, or, when the action refuses, nothing, with the refusal on the form for the page to say why.
import type { AstroGlobal } from 'astro';
import { showError, type FormState } from './forms.ts';

export type FileAnswer = { headers: Record<string, string>; body: BodyInit };

export async function fileOrRefusal(
  astro: AstroGlobal,
  form: FormState,
  make: () => Promise<FileAnswer>,
): Promise<Response | undefined> {
  try {
    const file = await make();
    return new Response(file.body, { status: 200, headers: { 'cache-control': 'private, no-store', ...file.headers } });
  } catch (error) {
    showError(error, form, astro);
    return undefined;
  }
}
