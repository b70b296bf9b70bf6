// The environment every test service starts with (in process or as a child): loopback, any free port, its own
// DATA_DIR and store, and legal settings so that its labs can accept the NDA (unset, acceptance is refused:
// docs/decisions/nda-unset.md). A test of the unset case passes them as '' (empty counts as unset).
import { storeEnv } from './store-env.ts';

export const TEST_LEGAL_ENV = {
  LEGAL_ENTITY: 'Example Data Services Ltd',
  LEGAL_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom',
  GOVERNING_LAW: 'England and Wales',
};

/** The service's variables for `dataDir`, with the test's own `env` last, so it can change any of them. */
export const serviceEnv = async (dataDir: string, env: Record<string, string>) => ({
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  ...TEST_LEGAL_ENV,
  ...(await storeEnv(dataDir)),
  ...env,
});
