import { startSandboxCardGateway } from "./card-gateway";

/** Runs the sandbox card gateway beside the api for the demo store (`npm run sandbox -w api`). */
const apiPort = Number(process.env.API_PORT ?? 4000);
const gateway = await startSandboxCardGateway({
  port: Number(process.env.SANDBOX_CARD_GATEWAY_PORT ?? 4010),
  login: process.env.CARD_GATEWAY_LOGIN || undefined,
  transactionKey: process.env.CARD_GATEWAY_KEY || undefined,
  signatureKey: process.env.CARD_GATEWAY_SIGNATURE_KEY || undefined,
  webhookUrl: process.env.SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${apiPort}/api/rest/payments/authorizenet/webhook`,
});
process.stderr.write(`[sandbox] card gateway (Authorize.net protocol) at ${gateway.url}\n`);
const stop = () => void gateway.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
