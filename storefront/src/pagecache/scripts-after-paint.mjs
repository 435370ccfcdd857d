/**
 * A cached page's build scripts are fetched once the page has painted, not beside its stylesheet
 * and pictures.
 *
 * Next puts every chunk the page needs in its head as `<script src async>`, and its bootstrap
 * script after the page (with a low-priority preload in the head). The browser's preload scanner
 * asks for all of them at once: about 200 KB of script sharing a phone's bandwidth with the
 * stylesheet and the first pictures, although the server-rendered page shows and its links work
 * without them. Here they are replaced, where the first stood, by one small inline script that
 * inserts the same scripts, in the same order, once the page's first contentful paint is reported:
 * the picture that is the page's largest paint gets the connection first, and the page hydrates
 * right after. A hidden tab (no frames) inserts them at once.
 *
 * The first contentful paint, not the first frame: Chromium runs a frame's callbacks before the
 * frame that first shows a long page's content (its style and layout still to come), and scripts
 * asked for then were fetched and run before anything was on screen, and Lighthouse counted them
 * into the page's largest paint (BENCHMARKS.md).
 *
 * The loader carries the render's nonce, so the cache's CSP names its hash like any inline script
 * of the render; the chunks themselves load by address ('self'), as before.
 */

const HEAD_END = Buffer.from("</head>");
/**
 * Next's chunk tags, as it writes them: the head's `<script src async nonce>`, the bootstrap script
 * React writes after the page (`<script src nonce async>`) and the head's low-priority script
 * preload. Nothing else is touched (another origin's script, a script without async). Found by
 * their opening bytes (a native search), then read where they start.
 */
const CHUNK_SCRIPT = { opening: Buffer.from('<script src="/_next/static/'), tag: /^<script src="(\/_next\/static\/[^"<>]+)"(?: async="" nonce="([^"<>]*)"| nonce="([^"<>]*)" async=""| async="")><\/script>/ };
const CHUNK_PRELOAD = { opening: Buffer.from('<link rel="preload" as="script"'), tag: /^<link rel="preload" as="script" fetchPriority="low"(?: nonce="[^"<>]*")? href="(\/_next\/static\/[^"<>]+)"\/>/ };
/** Longer than any tag above: the bytes read at each opening. */
const TAG_MAX = 1024;

/** The tags of `kind` in `html` from `start` to `end`: where each starts, its length, its address and nonce. */
function tagsIn(html, kind, start, end) {
  const found = [];
  for (let at = html.indexOf(kind.opening, start); at >= 0 && at < end; at = html.indexOf(kind.opening, at + 1)) {
    const match = kind.tag.exec(html.toString("latin1", at, Math.min(at + TAG_MAX, html.length)));
    if (match) found.push({ at, length: match[0].length, address: attributeText(match[1]), nonce: match[2] ?? match[3] });
  }
  return found;
}

/** An attribute value as the browser reads it (Next escapes &, <, >, " and ' in them). */
const attributeText = (value) =>
  value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name]);

/**
 * The browser side: inserts the preloads and the scripts once: when the first contentful paint is
 * reported (a browser that cannot report paints: after its first frame, from a task queued inside
 * the frame's callback), at once in a hidden tab or when the tab is hidden before that, and in any
 * case FALLBACK_MS after the page's head was read (a page that never paints content still hydrates).
 * One element per task (a message to itself; no timer clamping): each insert starts a fetch, a few
 * milliseconds on a slow phone, and a page's thirteen in one task made a long task of their own.
 */
function loader(document, scripts, preloads) {
  var done = false;
  var queue = preloads.map(function (href) { return { preload: href }; }).concat(scripts.map(function (src) { return { src: src }; }));
  var channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
  function next() {
    var item = queue.shift();
    if (!item) return;
    if (item.preload) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "script";
      link.setAttribute("fetchpriority", "low");
      link.href = item.preload;
      document.head.appendChild(link);
    } else {
      var script = document.createElement("script");
      script.src = item.src;
      script.async = true;
      document.head.appendChild(script);
    }
    if (queue.length === 0) return;
    if (channel) channel.port2.postMessage(0);
    else setTimeout(next, 0);
  }
  if (channel) channel.port1.onmessage = next;
  function insert() {
    if (done) return;
    done = true;
    next();
  }
  if (document.visibilityState === "hidden") return insert();
  document.addEventListener("visibilitychange", insert);
  setTimeout(insert, FALLBACK_MS);
  var Observer = typeof PerformanceObserver === "function" ? PerformanceObserver : null;
  if (!Observer || (Observer.supportedEntryTypes || []).indexOf("paint") < 0) {
    return requestAnimationFrame(function () { setTimeout(insert, 0); });
  }
  new Observer(function (list, observer) {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    insert();
  }).observe({ type: "paint", buffered: true });
}
/** Longer than a phone's first paint of any page (about 1.3 s in Lighthouse's mobile run on a slow machine). */
const FALLBACK_MS = 4000;
const LOADER_SOURCE = loader.toString().replace(/\n\s*/g, " ").replace("FALLBACK_MS", String(FALLBACK_MS));

/**
 * `html` (a Buffer of UTF-8) with the build's chunk scripts loaded after the first paint, by a
 * loader in its head; the same Buffer when its head has none.
 */
export function scriptsAfterPaint(html) {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const scripts = tagsIn(html, CHUNK_SCRIPT, 0, html.length);
  const first = scripts[0];
  if (!first || first.at > headEnd) return html;
  const sources = scripts.map((t) => t.address);
  const preloads = tagsIn(html, CHUNK_PRELOAD, 0, headEnd);
  // a preload of a script the loader inserts anyway is only dropped
  const preloaded = preloads.map((t) => t.address).filter((href) => !sources.includes(href));
  // `<` escaped: an address can never end the inline script early
  const list = (values) => JSON.stringify(values).replace(/</g, "\\u003c");
  const inline = `<script${first.nonce === undefined ? "" : ` nonce="${first.nonce}"`}>(${LOADER_SOURCE})(document,${list(sources)},${list(preloaded)})</script>`;
  // the page with every dropped tag cut out, the loader where the first of them stood
  const dropped = [...scripts, ...preloads].sort((a, b) => a.at - b.at);
  const parts = [html.subarray(0, dropped[0].at), Buffer.from(inline)];
  dropped.forEach((t, i) => parts.push(html.subarray(t.at + t.length, dropped[i + 1]?.at ?? html.length)));
  return Buffer.concat(parts);
}
