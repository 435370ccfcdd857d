/**
 * `npm run bench:search -w api -- --database postgres://… [--seconds 5]`: never-seen searches per
 * second through SearchService.search in process (matching, ranking, facets and the JSON answer;
 * no HTTP), on a store already seeded in that database. The terms are made the way `npm run bench`
 * makes its "search, every request new" stream (two catalogue words, or one word misspelt, each with
 * a new price range), so no cache answers them. A benchmark, not a test.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { createServices } from "../services";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, database: { type: "string" } } });
const seconds = Number(values.seconds);

const database = await openDatabase({ databaseUrl: values.database });
await database.migrate();
const services = createServices(database.db);
const config = await services.config.get();
const model = await services.catalog.current(config);

// the words of the products' url keys, as the load benchmark picks them
const words = [...new Set(model.urlKeys.flatMap((key) => key.split("-")).filter((w) => /^[a-z]{4,}$/.test(w)))];
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = () => words[Math.floor(random() * words.length)]!;
const typo = (word: string, i: number) => {
  const at = 1 + (i % (word.length - 2));
  const kind = Math.floor(i / 7) % 3;
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
};

async function run(label: string, limitSeconds: number) {
  let count = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + limitSeconds * 1000;
  while (performance.now() < deadline) {
    const i = count;
    const term = i % 2 ? `${pick()} ${pick()}` : typo(pick(), i);
    const query = { embed: "products", limit: "24", "filter[0][attribute]": "price", "filter[0][from]": String(i % 300), "filter[0][to]": String(9000 + i) };
    const url = `/api/rest/search/${encodeURIComponent(term)}?unique=${i}-${label}`;
    await services.search.search(term, query, url, config);
    count++;
  }
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // per second of this process's CPU time too: on a shared machine the wall clock measures the neighbours
  return { count, perSecond: count / elapsed, perCpuSecond: count / ((used.user + used.system) / 1e6) };
}

await run("warm", 1);
const result = await run("measure", seconds);
process.stdout.write(`${model.n} products, ${words.length} words: ${Math.round(result.perSecond)} never-seen searches/s in process, ${Math.round(result.perCpuSecond)} per CPU second (${result.count} in ${seconds} s)\n`);
await database.close();
