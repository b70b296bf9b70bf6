// `npm run check:content`: validates every listing file and prints one line per problem (path: field: message).
import { loadListings } from '../api/domain/listings/listing-files.ts';

const dir = process.argv[2] ?? 'content/listings';
try {
  const listings = await loadListings(dir);
  console.log(`${listings.length} listings valid in ${dir}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
