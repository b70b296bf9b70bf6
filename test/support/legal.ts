// The legal settings every test service runs with, so its labs can accept the NDA (unset, acceptance is refused:
// docs/decisions/nda-unset-parties.md). A test of the unset case passes them as '' (empty counts as unset).
export const TEST_LEGAL_ENV = {
  LEGAL_ENTITY: 'Example Data Services Ltd',
  LEGAL_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom',
  GOVERNING_LAW: 'England and Wales',
};
