/**
 * What a shopper does on a page before its scripts have hydrated it is not lost.
 *
 * The server's HTML shows (and its links and forms work) before React has attached: a cached page
 * even fetches its scripts only after its first paint. A box ticked, a field typed in or an option
 * chosen in that moment changes the DOM, but React hydrates with the state it rendered on the
 * server and keeps the shopper's choice only on screen: an add-on shown ticked was not added to the
 * cart. A click on a script-only button, or Escape on an open disclosure, did nothing at all.
 *
 * This inline script, first in the head, notes those inputs and replays each once React has
 * hydrated its element and committed it (React keeps its fiber and props on the elements it
 * hydrated):
 * - a checkbox, radio, text field or select whose value React's props do not hold: React is told
 *   of the shopper's value as if typed or clicked now (the value is set through React's own value
 *   tracker to what React holds, then back to the shopper's value behind it, and the event sent);
 * - a click on a `type="button"` button made before React listened at all (once it listens, React
 *   hydrates the target itself and runs the click);
 * - Escape, sent again to the element it was pressed on.
 * Buttons whose action needs script are also disabled until hydrated (useHydrated): a disabled
 * button gets no click to replay. They stay disabled while a value noted here waits for its replay
 * on an element React has hydrated (`unreplayed`, put on the window as UNREPLAYED_TEST, and
 * REPLAYED_EVENT sent when it may have changed): in that moment React's state still lacks what the
 * field shows, and a form sent then would send it empty.
 *
 * Written without imports or newer syntax: its source is sent as is (`EARLY_INPUT_SCRIPT`).
 */
export function replayEarlyInput(window: Window & typeof globalThis, document: Document, unreplayedTest: string, replayedEvent: string) {
  /**
   * Inputs noted before their element was hydrated: `wanted` is the value the shopper left;
   * `seen`, that a poll found the element hydrated (a click or key replays one poll later).
   */
  var pending: { kind: "check" | "value" | "select" | "click" | "escape"; el: Element; wanted?: unknown; seen?: boolean }[] = [];
  var timer: ReturnType<typeof setTimeout> | undefined;
  var deadline = 0;
  var POLL_MS = 30;
  /** How long a noted input waits for its element to hydrate (scripts on a slow phone connection). */
  var WAIT_MS = 60000;

  function ownKey(target: object, prefix: string) {
    var keys = Object.keys(target);
    for (var i = 0; i < keys.length; i++) if (keys[i]!.indexOf(prefix) === 0) return keys[i];
    return undefined;
  }
  function reactProps(el: Element): Record<string, unknown> | undefined {
    var key = ownKey(el, "__reactProps$");
    return key === undefined ? undefined : (el as unknown as Record<string, Record<string, unknown>>)[key];
  }
  /**
   * Whether React's tree holding the element is committed, by React's own test (getNearestMountedFiber):
   * an element it is still hydrating has its props already, but an event sent to it then is dropped.
   */
  function committed(el: Element) {
    var key = ownKey(el, "__reactFiber$");
    type Fiber = { alternate: Fiber | null; flags: number; return: Fiber | null; tag: number };
    var node = key === undefined ? undefined : (el as unknown as Record<string, Fiber>)[key];
    if (!node) return false;
    // Placement | Hydrating on a fiber not yet committed once
    for (var next: Fiber | null = node; next && !next.alternate; next = node.return) {
      node = next;
      if (node.flags & 4098) return false;
    }
    while (node.return) node = node.return;
    return node.tag === 3;
  }
  function reactListens() {
    return ownKey(document, "_reactListening") !== undefined;
  }

  function note(kind: (typeof pending)[number]["kind"], el: Element, wanted?: unknown) {
    for (var i = 0; i < pending.length; i++) {
      if (pending[i]!.el === el && pending[i]!.kind === kind && kind !== "click") {
        pending[i]!.wanted = wanted;
        return;
      }
    }
    pending.push({ kind: kind, el: el, wanted: wanted });
    deadline = Date.now() + WAIT_MS;
    if (timer === undefined) timer = setTimeout(replay, POLL_MS);
  }
  /** An input on an element React has committed is React's: nothing noted for it replays. */
  function forget(el: Element) {
    var before = pending.length;
    pending = pending.filter(function (p) { return p.el !== el || p.kind === "escape"; });
    if (pending.length !== before) told();
  }

  /** Whether a value noted here is on an element React has hydrated, and React is yet to be told it. */
  function unreplayed() {
    for (var i = 0; i < pending.length; i++) {
      var p = pending[i]!;
      if (p.kind !== "click" && p.kind !== "escape" && p.el.isConnected && committed(p.el)) return true;
    }
    return false;
  }
  /** Buttons waiting on `unreplayed` look again. */
  function told() {
    window.dispatchEvent(new Event(replayedEvent));
  }
  (window as unknown as Record<string, unknown>)[unreplayedTest] = unreplayed;

  /** A radio chosen replaces the choice noted in its group. */
  function forgetGroup(radio: HTMLInputElement) {
    pending = pending.filter(function (p) {
      var other = p.el as HTMLInputElement;
      return other.type !== "radio" || other.name !== radio.name || other.form !== radio.form;
    });
  }

  function onInput(event: Event) {
    var el = event.target as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
    if (!el || !el.tagName) return;
    var tag = el.tagName;
    if (tag !== "INPUT" && tag !== "TEXTAREA" && tag !== "SELECT") return;
    if (committed(el)) return forget(el);
    if (tag === "SELECT") return note("select", el, el.value);
    var type = (el as HTMLInputElement).type;
    if (type === "radio") forgetGroup(el as HTMLInputElement);
    if (type === "checkbox" || type === "radio") return note("check", el, (el as HTMLInputElement).checked);
    if (event.type === "input") note("value", el, el.value);
  }
  function onClick(event: Event) {
    var target = event.target as Element | null;
    if (!target || !target.closest) return;
    var input = target.closest("input");
    if (input && (input.type === "checkbox" || input.type === "radio")) return onInput({ target: input, type: "click" } as unknown as Event);
    var button = target.closest("button");
    if (!button || button.type !== "button" || button.disabled || reactListens()) return;
    if (!committed(button)) note("click", button);
  }
  function onKey(event: KeyboardEvent) {
    var target = event.target as Element | null;
    if (event.key !== "Escape" || !target || !target.tagName || committed(target)) return;
    note("escape", target);
  }

  function replayOne(p: (typeof pending)[number], props: Record<string, unknown>) {
    var el = p.el as HTMLInputElement;
    if (p.kind === "click") return el.disabled || el.click();
    if (p.kind === "escape") return el.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", code: "Escape", bubbles: true, cancelable: true }));
    if (p.kind === "check") {
      if (props.checked === undefined || Boolean(props.checked) === p.wanted) return;
      el.checked = !p.wanted; // through React's tracker: React's own view again
      return el.click(); // the shopper's choice, with its click and change
    }
    if (props.value === undefined || String(props.value) === p.wanted) return;
    if (p.kind === "select") {
      el.value = p.wanted as string;
      return el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    el.value = String(props.value); // through React's tracker
    var proto = el.tagName === "TEXTAREA" ? window.HTMLTextAreaElement.prototype : window.HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, p.wanted); // behind it
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /**
   * Each noted input whose element React has hydrated: a value at once (a render after hydration
   * would put React's value on screen), a click or key a poll later (after the effects that may
   * listen for it have run).
   */
  function replay() {
    timer = undefined;
    var before = pending.length;
    var waiting: typeof pending = [];
    var due: { p: (typeof pending)[number]; props: Record<string, unknown> }[] = [];
    pending.forEach(function (p) {
      var props = p.el.isConnected && committed(p.el) ? reactProps(p.el) : undefined;
      var isValue = p.kind === "check" || p.kind === "value" || p.kind === "select";
      if (props && (isValue || p.seen)) due.push({ p: p, props: props });
      else if (p.el.isConnected) {
        if (props) p.seen = true;
        waiting.push(p);
      }
    });
    pending = Date.now() < deadline ? waiting : [];
    due.forEach(function (d) { replayOne(d.p, d.props); });
    if (pending.length !== before) told();
    if (pending.length > 0 && timer === undefined) timer = setTimeout(replay, POLL_MS);
  }

  // capturing on the window: before the page's own listeners, and whatever stops the event later
  window.addEventListener("click", onClick, true);
  window.addEventListener("input", onInput, true);
  window.addEventListener("change", onInput, true);
  window.addEventListener("keydown", onKey as EventListener, true);
}

/** What the inline script names on the window: the test of `unreplayed`, and the event that says it may have changed. */
export const UNREPLAYED_TEST = "__unreplayedEarlyInput";
export const REPLAYED_EVENT = "earlyinputreplayed";

/** The inline script of the root layout's head. */
export const EARLY_INPUT_SCRIPT = `(${replayEarlyInput.toString()})(window,document,${JSON.stringify(UNREPLAYED_TEST)},${JSON.stringify(REPLAYED_EVENT)})`;
