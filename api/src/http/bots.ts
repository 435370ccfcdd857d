/**
 * Crawler detection by the store's `user_agents_bots_regex` (spec 000 §5: a pattern that cannot
 * be parsed means bot). Matched case-insensitively, since crawlers spell their names either way
 * (Googlebot, AhrefsBot). A request without a User-Agent is treated as a bot too: browsers
 * always send one. An empty pattern lists no crawlers.
 */
export class BotDetector {
  private pattern: string | null = null;
  private compiled: RegExp | null = null;

  isBot(userAgent: string | undefined, pattern: string): boolean {
    if (!userAgent) return true;
    if (!pattern.trim()) return false; // no pattern configured: no crawler list to match
    const regex = this.compile(pattern);
    return regex === null || regex.test(userAgent);
  }

  /** Compiled once per distinct pattern (config reads hand back the same string until it is edited). */
  private compile(pattern: string): RegExp | null {
    if (pattern !== this.pattern) {
      this.pattern = pattern;
      try {
        this.compiled = new RegExp(pattern, "i");
      } catch {
        this.compiled = null;
      }
    }
    return this.compiled;
  }
}
