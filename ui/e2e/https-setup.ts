import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { BINARY, firstLine } from './servers';

/** The name the office's own certificate is made for. */
export const OWN_NAME = 'corpsite.test';
/** The name the ACME run asks pebble for. */
export const ACME_NAME = 'acme.corpsite.test';

/**
 * Starts two HTTPS servers for the HTTP/2 specs (https-*.spec.ts), beside the plain HTTP one
 * of global-setup.ts:
 *
 * - the release binary with its own certificate files (`--tls-cert`/`--tls-key`): a leaf
 *   for corpsite.test signed by a CA this setup makes with openssl;
 * - the release binary with `--domain acme.corpsite.test`, getting its certificate over
 *   ACME from Debian's pebble (with pebble-challtestsrv as its DNS, which answers 127.0.0.1
 *   for every name); the setup waits until that certificate is served.
 *
 * Chromium reaches both names through a host resolver rule and trusts exactly the two
 * served leaf keys (their SPKI hashes), nothing else; the specs read how from
 * E2E_TLS_CHROMIUM_ARGS.
 */
export default async function httpsSetup() {
  const dir = mkdtempSync(join(tmpdir(), 'corpsite-e2e-https-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ca = makeCa(dir);
    const own = ca.leaf('own', [`DNS:${OWN_NAME}`]);
    const pebbleTls = ca.leaf('pebble', ['DNS:localhost', 'IP:127.0.0.1']);

    const pebbleUp = startPebble(children, dir, pebbleTls);
    pebbleUp.catch(() => {}); // (its failure is thrown where it is awaited)
    // The demo content global-setup published once, for every server of the run to copy.
    const seeded = process.env.E2E_SEEDED_DIR;
    if (!seeded) throw new Error('E2E_SEEDED_DIR is not set: global-setup did not run first');
    const ownData = join(dir, 'own-data');
    const acmeData = join(dir, 'acme-data');
    cpSync(seeded, ownData, { recursive: true });
    cpSync(seeded, acmeData, { recursive: true });

    const ownSite = start(children, BINARY, ownData, [
      '--tls-cert',
      own.cert,
      '--tls-key',
      own.key,
      '--https-addr',
      '127.0.0.1:0',
      '--http-addr',
      '127.0.0.1:0',
    ]);

    const pebble = await pebbleUp;
    const acmeSite = start(children, BINARY, acmeData, [
      '--domain',
      ACME_NAME,
      '--https-addr',
      '127.0.0.1:0',
      '--http-addr',
      `127.0.0.1:${pebble.httpPort}`,
      '--acme-directory',
      pebble.directory,
      '--acme-ca-root',
      ca.root,
    ]);

    const ownPort = await ownSite;
    const acmePort = await acmeSite;
    // The certificate pebble issued, as the site serves it, checked against pebble's root.
    const issuingRoot = await pebble.issuingRoot();
    const acmeLeaf = await servedCertificate(acmePort, ACME_NAME, issuingRoot, 60_000);

    const spki = [spkiHash(readFileSync(own.cert)), spkiHash(acmeLeaf)];
    process.env.E2E_TLS_BASE_URL = `https://${OWN_NAME}:${ownPort}`;
    process.env.E2E_TLS_DATA_DIR = ownData;
    process.env.E2E_ACME_BASE_URL = `https://${ACME_NAME}:${acmePort}`;
    process.env.E2E_ACME_DATA_DIR = acmeData;
    process.env.E2E_TLS_CHROMIUM_ARGS = JSON.stringify([
      `--host-resolver-rules=MAP ${OWN_NAME} 127.0.0.1, MAP ${ACME_NAME} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${spki.join(',')}`,
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

interface Leaf {
  cert: string;
  key: string;
}

/** A test CA (P-256, two days) in `dir`, and a way to sign server leaves with it. */
function makeCa(dir: string): { root: string; leaf: (name: string, altNames: string[]) => Leaf } {
  const openssl = (args: string[], input?: Buffer) =>
    execFileSync('openssl', args, { cwd: dir, input, stdio: ['pipe', 'pipe', 'pipe'] });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl([
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=corpsite browser tests CA',
  ]);
  return {
    root: join(dir, 'ca.pem'),
    leaf: (name, altNames) => {
      writeFileSync(
        join(dir, `${name}.ext`),
        [
          'basicConstraints=critical,CA:FALSE',
          'keyUsage=critical,digitalSignature',
          'extendedKeyUsage=serverAuth',
          `subjectAltName=${altNames.join(',')}`,
        ].join('\n'),
      );
      const request = openssl(['req', '-new', ...newKey, '-keyout', `${name}.key`, '-subj', `/CN=${name}`]);
      openssl(
        [
          'x509',
          '-req',
          '-CA',
          'ca.pem',
          '-CAkey',
          'ca.key',
          '-set_serial',
          `0x${randomBytes(8).toString('hex')}`,
          '-days',
          '2',
          '-extfile',
          `${name}.ext`,
          '-out',
          `${name}.pem`,
        ],
        request,
      );
      return { cert: join(dir, `${name}.pem`), key: join(dir, `${name}.key`) };
    },
  };
}

/**
 * Starts `corpsite serve ARGS` on `dataDir`; resolves to the HTTPS port from its
 * serving line ("corpsite is serving https://NAME/ on 127.0.0.1:PORT (HTTP on ...").
 */
function start(children: ChildProcess[], binary: string, dataDir: string, args: string[]): Promise<number> {
  const child = spawn(binary, ['serve', '--admin-addr', 'off', '--data-dir', dataDir, ...args], {
    env: { ...process.env, RUST_LOG: 'warn', CORPSITE_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return firstLine(child, / on 127\.0\.0\.1:(\d+) /, 'corpsite over HTTPS').then(Number);
}

/** A port free right now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * Debian's pebble (the ACME test CA) serving its own API with `tls`, and pebble-challtestsrv
 * as its DNS. `httpPort` is where pebble fetches HTTP-01 answers: the site's --http-addr.
 */
async function startPebble(children: ChildProcess[], dir: string, tls: Leaf) {
  const [acmePort, managementPort, httpPort, tlsPort, dnsPort, dnsManagementPort] = await Promise.all(
    Array.from({ length: 6 }, freePort),
  );
  const config = join(dir, 'pebble.json');
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: tls.cert,
        privateKey: tls.key,
        httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const quiet: SpawnOptions = { stdio: 'ignore' };
  const dns = spawn(
    'pebble-challtestsrv',
    [
      '-defaultIPv4',
      '127.0.0.1',
      '-defaultIPv6',
      '',
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-management',
      `127.0.0.1:${dnsManagementPort}`,
    ],
    quiet,
  );
  children.push(dns);
  const pebble = spawn('pebble', ['-config', config, '-dnsserver', `127.0.0.1:${dnsPort}`, '-strict=false'], {
    ...quiet,
    // No random pauses before validations, and no random nonce refusals: a quick, steady CA.
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
  });
  children.push(pebble);
  const ca = readFileSync(join(dir, 'ca.pem'));
  const fetchText = (url: string) =>
    new Promise<string>((done, fail) => {
      get(url, { ca }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          response.statusCode === 200 ? done(body) : fail(new Error(`${url}: ${response.statusCode}`)),
        );
      }).on('error', fail);
    });
  const directory = `https://localhost:${acmePort}/dir`;
  await until(30_000, 'pebble to answer', async () => {
    await fetchText(directory);
    return true;
  });
  return {
    directory,
    httpPort,
    /** The root pebble issues under (new each run). */
    issuingRoot: () => fetchText(`https://localhost:${managementPort}/roots/0`),
  };
}

/**
 * The leaf certificate the server on `port` presents for `name`, once it is one that
 * `root` verifies (the site has none until the CA issued it).
 */
function servedCertificate(port: number, name: string, root: string, limit: number): Promise<Buffer> {
  const once = () =>
    new Promise<Buffer>((done, fail) => {
      const socket = connect({ host: '127.0.0.1', port, servername: name, ca: root, ALPNProtocols: ['h2'] });
      socket.once('secureConnect', () => {
        const raw = socket.getPeerCertificate().raw;
        socket.end();
        done(raw);
      });
      socket.once('error', fail);
    });
  return until(limit, `a certificate for ${name} from pebble`, once);
}

/** Retries `attempt` every 200 ms until it resolves, or fails with its last error after `limit` ms. */
async function until<T>(limit: number, what: string, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + limit;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`waited ${limit} ms for ${what}: ${error}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Chromium's form of a certificate's key: base64 of the SHA-256 of its DER SubjectPublicKeyInfo. */
function spkiHash(certificate: Buffer): string {
  const spki = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
