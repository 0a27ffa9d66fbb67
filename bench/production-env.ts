// The environment the benchmarks start the app's processes with.
/** The environment the app is started with in production, with benchmark secrets: a staging deploy, on the local fakes. */
export function productionEnv(webDistDir: string): Record<string, string> {
  // A staging-like deploy on the sandbox counterparts: its processes share one Remita fake, as they would share Remita.
  return {
    NODE_ENV: 'production',
    LEVY_SANDBOX: '1',
    REMITA_SANDBOX_PORT: '3291',
    HOST: '127.0.0.1',
    RECEIPT_SIGNING_SECRET: 'bench-receipt-signing-secret-not-for-production',
    WEB_DIST_DIR: webDistDir,
  };
}
