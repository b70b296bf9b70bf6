// Runs one autocannon load in its own process (`node load-child.ts '<options JSON>'`) and prints the result as
// JSON: a flood generated here does not slow the measuring process's own clients.
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]!) as autocannon.Options);
process.stdout.write(
  JSON.stringify({ requests: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx }),
);
