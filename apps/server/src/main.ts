import { startServer } from './server.ts';

const server = await startServer().catch((error: unknown) => {
  // A refused configuration says why in a line or two, without a stack.
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    message.startsWith('Invalid configuration') || message.startsWith('NODE_ENV') ? message : error,
  );
  process.exit(1);
});

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal }, 'shutting down');
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
