import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface ReceivedMail {
  /** the SMTP envelope: who the client said it sends from and to */
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
}

export interface SmtpPeerOptions {
  /** listen here; 0 (default) takes a free loopback port */
  port?: number;
  /** holds the 220 greeting back this long after a client connects */
  greetingDelayMs?: number;
  /** answers every RCPT TO with 550, as a server refusing the mail */
  refuse?: boolean;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps and parses what arrives:
 * the outside peer of mail tests. Plain SMTP without TLS or authentication.
 */
export class SmtpPeer {
  private constructor(private readonly server: SMTPServer, readonly port: number, readonly received: ReceivedMail[]) {}

  static async start(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
    const received: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onConnect(_session, callback) {
        if (options.greetingDelayMs) setTimeout(() => callback(), options.greetingDelayMs);
        else callback();
      },
      onRcptTo(_address, _session, callback) {
        if (!options.refuse) return callback();
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            const from = session.envelope.mailFrom;
            received.push({
              envelope: { from: from ? from.address : "", to: session.envelope.rcptTo.map((r) => r.address) },
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    server.on("error", () => {}); // a client dropping its connection is not a test failure
    await new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
    return new SmtpPeer(server, (server.server.address() as AddressInfo).port, received);
  }

  /** SMTP sessions open right now (a client waiting for a held-back greeting counts) */
  get openConnections(): number {
    return this.server.connections.size;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Polls until `count` mails have arrived; fails with what did arrive after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} mail(s) within ${timeoutMs} ms, got ${this.received.length}: ${this.received.map((r) => r.mail.subject).join(", ")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A loopback port nothing listens on (taken from the system, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
