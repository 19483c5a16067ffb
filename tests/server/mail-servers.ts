import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Real mail servers for the tests: Dovecot (Debian's dovecot-imapd) as a foreground process
 * with a generated configuration, its Maildirs in a temp folder and its users in a
 * passwd-file; and an SMTP server built with the smtp-server package that checks the same
 * passwords and delivers into those Maildirs (a file in Maildir/new, as an MDA would).
 * Both listen on free loopback ports, without TLS (security 'none' in the mail settings).
 */
export interface MailServers {
  imapPort: number;
  smtpPort: number;
  addUser(address: string, password: string): void;
  /** Puts a raw message straight into a user's inbox (as a delivery from outside). */
  deliver(address: string, raw: Buffer | string): void;
  stop(): Promise<void>;
}

export const dovecotPath = '/usr/sbin/dovecot';

/**
 * The servers listen on loopback, which the portal refuses to connect to unless the
 * administrator allows it (server/lib/outbound.ts): the tests allow it explicitly.
 */
export const mailTestEnv = { MAIL_SECRET: 'mail-test-secret', OUTBOUND_ALLOW: '127.0.0.1/32' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits until the IMAP port greets. */
async function waitForGreeting(port: number, process: ChildProcess, log: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`dovecot exited: ${log()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.setTimeout(1000, () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`dovecot did not answer on ${port}: ${log()}`);
}

/** A mail account of these servers as the portal's save and test calls take it. */
export function accountSetting(
  servers: MailServers,
  who: { address: string; password: string },
  extra: Record<string, unknown> = {},
) {
  return {
    mailAddress: who.address,
    mailPass: who.password,
    mailType: 'imap',
    imapHost: '127.0.0.1',
    imapPort: servers.imapPort,
    imapSecurity: 'none',
    smtpHost: '127.0.0.1',
    smtpPort: servers.smtpPort,
    smtpSecurity: 'none',
    ...extra,
  };
}

export async function startMailServers(): Promise<MailServers> {
  const root = mkdtempSync(join(tmpdir(), 'atrium-mail-'));
  const asRoot = process.getuid?.() === 0;
  // Dovecot refuses to run mail or login processes as root: as root, use its own users.
  const mailUid = asRoot ? 65534 : (process.getuid?.() ?? 1000);
  const mailGid = asRoot ? 65534 : (process.getgid?.() ?? 1000);
  const me = userInfo().username;
  const own = (path: string) => {
    if (asRoot) chownSync(path, mailUid, mailGid);
  };
  // Dovecot's own users (auth, mail) must reach the passwd-file and the Maildirs.
  if (asRoot) chmodSync(root, 0o755);
  const users = new Map<string, string>();
  const passwd = join(root, 'passwd');
  const writePasswd = () =>
    writeFileSync(
      passwd,
      [...users].map(([address, password]) => `${address}:{PLAIN}${password}\n`).join(''),
    );
  writePasswd();
  const maildirOf = (address: string) => join(root, 'mail', address, 'Maildir');
  const imapPort = await freePort();
  const config = `
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${asRoot ? 'dovecot' : me}
default_internal_group = ${asRoot ? 'dovecot' : me}
default_login_user = ${asRoot ? 'dovenull' : me}
first_valid_uid = 1
mail_location = maildir:~/Maildir
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${root}/mail/%u
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
`;
  mkdirSync(join(root, 'run'));
  mkdirSync(join(root, 'state'));
  mkdirSync(join(root, 'mail'));
  own(join(root, 'mail'));
  const configPath = join(root, 'dovecot.conf');
  writeFileSync(configPath, config);
  const dovecot = spawn(dovecotPath, ['-F', '-c', configPath], { stdio: 'pipe' });
  let output = '';
  dovecot.stdout?.on('data', (data) => (output += data));
  dovecot.stderr?.on('data', (data) => (output += data));
  await waitForGreeting(imapPort, dovecot, () => output);

  let counter = 0;
  const deliver = (address: string, raw: Buffer | string) => {
    const maildir = maildirOf(address.toLowerCase());
    const name = `${Date.now()}.M${++counter}P${process.pid}R${randomBytes(4).toString('hex')}.atrium`;
    const temp = join(maildir, 'tmp', name);
    writeFileSync(temp, raw);
    own(temp);
    renameSync(temp, join(maildir, 'new', name));
  };

  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    size: 40 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username && users.get(auth.username.toLowerCase()) === auth.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (users.has(address.address.toLowerCase())) callback();
      else callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        for (const rcpt of session.envelope.rcptTo) deliver(rcpt.address, raw);
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  return {
    imapPort,
    smtpPort,
    addUser(address, password) {
      const key = address.toLowerCase();
      users.set(key, password);
      writePasswd();
      const home = join(root, 'mail', key);
      for (const folder of ['', 'Maildir', 'Maildir/new', 'Maildir/cur', 'Maildir/tmp']) {
        const path = join(home, folder);
        mkdirSync(path, { recursive: true });
        own(path);
      }
    },
    deliver,
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (dovecot.exitCode === null) {
        const exited = new Promise((resolve) => dovecot.once('exit', resolve));
        dovecot.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
