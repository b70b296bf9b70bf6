// Preloaded into a benchmarked process (`node --import …/max-rss.ts`): prints its peak RSS at exit.
process.on('exit', () => {
  process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
