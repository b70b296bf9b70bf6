// The line /signin/ shows when a visitor was sent there on the way somewhere (contract §14): why we ask, and that
// they come back to it.
const REASONS: [RegExp, string][] = [
  [
    /^\/dashboard\/samples\/new\//,
    'Sign in to request a sample of this dataset: you come back to the form once signed in.',
  ],
  [
    /^\/dashboard\/requests\/new\//,
    'Sign in to request this dataset: you come back to the form once signed in.',
  ],
  [
    /^\/dashboard\/listings\//,
    'Sign in to see what the NDA opens on this listing: you come back to it once signed in.',
  ],
];

export function whySignIn(next: string | undefined): string | undefined {
  if (!next) return undefined;
  const reason = REASONS.find(([path]) => path.test(next));
  return reason ? reason[1] : 'That page is for signed-in labs: sign in and you come back to it.';
}
