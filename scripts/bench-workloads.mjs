import http from "node:http";
// URL generators for the benchmark: a repeating realistic mix (caches may answer) and a stream
// in which every request is a combination not seen before (no cache can answer).
const pick = (random, list) => list[Math.floor(random() * list.length)];

/** Small deterministic PRNG so two runs send the same mix. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the workloads are made of, read from the running api like a client would. */
export async function discover(apiBase) {
  const get = async (path) => {
    const response = await fetch(`${apiBase}/api/rest${path}`);
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json();
  };
  const categories = (await get("/categories")).filter((c) => c.level >= 2).map((c) => c.url_key);
  const root = await get("/categories/default-category?limit=1");
  const facets = root.filters.filter((f) => f.attribute !== "price" && f.attribute !== "cat" && f.values.length > 1)
    .map((f) => ({ attribute: f.attribute, values: f.values.map((v) => v.value) }));
  const sorts = root.sort_options;
  const products = [];
  /** simple products a shopper can put in the cart, with stock to sell */
  const stocked = [];
  for (let page = 1; ; page++) {
    const listing = await get(`/categories/default-category?embed=products&limit=100&page=${page}`);
    for (const p of listing.products) {
      products.push(p.url_key);
      if (p.type_id === "simple" && p.qty >= 20 && p.prices.display_add_to_cart && !p.prices.poa) stocked.push(Number(p.entity_id));
    }
    if (page >= listing.page_count || listing.products.length === 0) break;
  }
  const words = [...new Set(products.flatMap((key) => key.split("-")).filter((w) => /^[a-z]{4,}$/.test(w)))];
  return { categories, facets, sorts, products, words, stocked };
}

function categoryUrl(random, data, { uniquePrice }) {
  const parts = [`embed=products`, `limit=24`];
  const sort = pick(random, data.sorts);
  parts.push(`order=${sort.code}`, `dir=${sort.dir}`);
  let n = 0;
  const filters = Math.floor(random() * 3);
  const chosen = new Set();
  for (let i = 0; i < filters; i++) {
    const facet = pick(random, data.facets);
    if (chosen.has(facet.attribute)) continue; // one filter per attribute, as the storefront sends
    chosen.add(facet.attribute);
    const values = [pick(random, facet.values), pick(random, facet.values)];
    parts.push(`filter[${n}][attribute]=${facet.attribute}`, `filter[${n}][in]=${[...new Set(values)].join(",")}`);
    n++;
  }
  if (uniquePrice !== undefined) {
    parts.push(`filter[${n}][attribute]=price`, `filter[${n}][from]=${uniquePrice.from}`, `filter[${n}][to]=${uniquePrice.to}`);
  }
  parts.push(`page=${1 + Math.floor(random() * 2)}`);
  const key = random() < 0.15 ? "default-category" : pick(random, data.categories);
  return `/api/rest/categories/${key}?${parts.join("&")}`;
}

const repeatSet = (size, make) => {
  const random = mulberry32(42);
  return Array.from({ length: size }, () => make(random));
};

/** Unique stream: every URL handed out is one not handed out before. */
const uniqueStream = (make) => {
  const random = mulberry32(7);
  const seen = new Set();
  let i = 0;
  return () => {
    for (let tries = 0; tries < 50; tries++) {
      const url = make(random, i++);
      if (!seen.has(url)) {
        seen.add(url);
        return url;
      }
    }
    throw new Error("the unique workload ran out of new combinations: lower --duration");
  };
};

export function workloads(data) {
  const searchTerm = (random) => (random() < 0.5 ? pick(random, data.words) : `${pick(random, data.words)} ${pick(random, data.words)}`);
  const typo = (word, i) => {
    // drop, double or swap one letter: a plausible misspelling, different every time
    const at = 1 + (i % (word.length - 2));
    const kind = Math.floor(i / 7) % 3;
    if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
    if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  };
  return {
    category: {
      repeat: repeatSet(200, (random) => categoryUrl(random, data, {})),
      unique: uniqueStream((random, i) => categoryUrl(random, data, { uniquePrice: { from: i % 500, to: 500 + Math.floor(i / 500) * 7 + (i % 97) } })),
    },
    search: {
      repeat: repeatSet(200, (random) => `/api/rest/search/${encodeURIComponent(searchTerm(random))}?embed=products&limit=24`),
      unique: uniqueStream((random, i) => {
        const term = i % 2 ? `${pick(random, data.words)} ${pick(random, data.words)}` : typo(pick(random, data.words), i);
        return `/api/rest/search/${encodeURIComponent(term)}?embed=products&limit=24&filter[0][attribute]=price&filter[0][from]=${i % 300}&filter[0][to]=${9000 + i}`;
      }),
    },
    autocomplete: {
      repeat: repeatSet(200, (random) => {
        const word = pick(random, data.words);
        return `/api/rest/search/${encodeURIComponent(word.slice(0, 3 + Math.floor(random() * 3)))}/autocomplete`;
      }),
      unique: uniqueStream((random, i) => {
        const word = pick(random, data.words);
        const prefix = word.slice(0, 3 + (i % 3));
        return `/api/rest/search/${encodeURIComponent(`${pick(random, data.words)} ${prefix}`)}/autocomplete`;
      }),
    },
    product: {
      repeat: repeatSet(200, (random) => `/api/rest/products/${pick(random, data.products)}?embed=${EMBEDS}`),
      // each product once, then each again at one store after another (location_inventory differs)
      unique: uniqueStream((random, i) => {
        const store = Math.floor(i / data.products.length);
        return `/api/rest/products/${data.products[i % data.products.length]}?embed=${EMBEDS}${store ? `&storelocationid=${store}` : ""}`;
      }),
    },
    categoryPage: repeatSet(200, (random) => `/catalog/${pick(random, data.categories)}`),
    productPage: repeatSet(200, (random) => `/product/${pick(random, data.products)}`),
  };
}

export const EMBEDS = "images,promotions,crosssells,relateds,upsells,parentbundles,assets,outlets,retailbanner";

// ---------------------------------------------------------------------------------------------
// shopper flows: sessions with a cookie and a CSRF token, each from its own client address (the
// api believes X-Forwarded-For from loopback, as from the storefront), so per-address write limits
// measure what many shoppers do, not one client hammering

let nextAddress = 0;

/** one pool of kept-alive connections for every bench shopper */
const shopperAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export class BenchShopper {
  /** when set, every call's latency (ms) by "METHOD /path" (query cut off), for per-call rows */
  static timings = null;
  cookie = "";
  csrf = "";
  address = ((n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)(++nextAddress);
  constructor(apiBase) {
    this.apiBase = apiBase;
  }
  async call(method, path, body) {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // node:http with a keep-alive agent, not fetch: fetch costs the client about twice the CPU per
    // call, and on a two-core machine the client's CPU is taken from the api and the database
    const { status, setCookie, text } = await new Promise((resolve, reject) => {
      const request = http.request(`${this.apiBase}/api/rest${path}`, {
        method, agent: shopperAgent,
        headers: {
          // a browser-like agent: a request without one is answered as a crawler's, with no session
          "user-agent": "Mozilla/5.0 (bench shopper)",
          cookie: this.cookie, "x-forwarded-for": this.address, "x-csrf-token": this.csrf,
          ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        },
      }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, setCookie: response.headers["set-cookie"] ?? [], text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(payload);
    });
    const set = setCookie.find((c) => c.startsWith("sid="));
    if (set) this.cookie = set.split(";")[0];
    if (status < 200 || status >= 300) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`);
    const timings = BenchShopper.timings;
    if (timings) {
      const key = `${method} ${path.split("?")[0]}`;
      if (!timings.has(key)) timings.set(key, []);
      timings.get(key).push(performance.now() - started);
    }
    return JSON.parse(text);
  }
  async start() {
    this.csrf = (await this.call("GET", "/customers/self/session")).customer_data.csrf_token;
    return this;
  }
}

export const CART_EMBEDS = "totals,items,shipping_methods,payment_methods,billing_address,shipping_address,payment";
const BILLING = {
  firstname: "Bench", lastname: "Shopper", street: ["1 Main St"], city: "Seattle", region: "WA", postcode: "98101", country_id: "US",
  telephone: "206-555-0100", email: "bench@example.com",
};
export const BENCH_CARD = { cc_type: "VI", cc_number: "4111111111111111", cc_cid: "123", cc_exp_month: 12, cc_exp_year: new Date().getFullYear() + 2 };

/**
 * The flows measured per run (each call answers once the whole flow is done): a session adding
 * five products; GET /cart with every embed; a whole guest checkout ending in POST /cart/place.
 */
export function shopperFlows(apiBase, data) {
  const random = mulberry32(99);
  const product = () => pick(random, data.stocked);
  return {
    async addToCart() {
      const s = await new BenchShopper(apiBase).start();
      for (let i = 0; i < 5; i++) await s.call("POST", "/cart/items", { product_id: product() });
      return 6;
    },
    /** a shopper with a cart, ready for repeated GET /cart */
    async cartReader() {
      const s = await new BenchShopper(apiBase).start();
      for (let i = 0; i < 3; i++) await s.call("POST", "/cart/items", { product_id: product() });
      return () => s.call("GET", `/cart?embed=${CART_EMBEDS}`);
    },
    async checkout(method) {
      const s = await new BenchShopper(apiBase).start();
      const cart = await s.call("POST", "/cart/items", { items: [{ product_id: product() }, { product_id: product() }] });
      await s.call("PUT", "/cart/billing_address", BILLING);
      await s.call("PUT", "/cart/shipping_address", { same_as_billing: true });
      await s.call("PUT", "/cart", { email: BILLING.email });
      const flat = cart.methods.shipping.find((m) => m.type === "flat") ?? cart.methods.shipping.find((m) => m.type !== "pickup" && m.type !== "scheduled");
      await s.call("PUT", "/cart/shipping", { method: flat.code });
      const data = method === "authorizenet" ? BENCH_CARD : undefined;
      await s.call("PUT", "/cart/payment", { method, ...(data ? { data } : {}) });
      const placed = await s.call("POST", "/cart/place", { method, ...(data ? { data } : {}) });
      if (!placed.order?.increment_id) throw new Error("no order number in the place answer");
      return 8;
    },
  };
}
