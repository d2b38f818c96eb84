import { existsSync } from 'node:fs';
import { FieldMessages } from '@lottery/contract/fields';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { form, json, passwordDigest, sessionCookie, testApp, uniqueName } from '../../test/app';
import { VERIFICATION_COMMANDS } from './admin-commands';
import { auditFileOf } from './service';

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof testApp>>['database'];

type Reply<T = Record<string, unknown>> = { code: number; msg: string; data?: T };

let ipCounter = 0;
/** Each call from its own address, unless one is given: the per-address limits have their own test. */
const post = async <T>(path: string, body: Record<string, string>, ip = `10.9.0.${++ipCounter % 250}`) =>
  json(
    await app.inject({ method: 'POST', url: `/v1/${path}`, remoteAddress: ip, ...form(body) }),
  ) as Reply<T>;

async function upload(bytes: Buffer): Promise<Reply<{ name: string }>> {
  const boundary = '----audit';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/v1/files/uploadAuditImages',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json();
}

async function register(password = 'Abc12345') {
  const userName = uniqueName('mv');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/users/register',
    ...form({ userName, password: passwordDigest(userName, password) }),
  });
  expect(json(res).code).toBe(1);
  sessionCookie(res);
  return userName;
}

const admin = (name: keyof typeof VERIFICATION_COMMANDS, args: string[]) =>
  VERIFICATION_COMMANDS[name]!.run(args, { config: app.ctx.config, database });

const photo = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

async function submit(userName: string, images: string[], ip?: string) {
  const body = {
    userName,
    realName: '张三',
    phone: '13800138000',
    note: '换了手机号，收不到验证码',
    images: images.join(','),
  };
  return post<{ receipt: string }>('users/manualVerification', body, ip);
}

const idOf = async (userName: string) =>
  Number(
    (
      await database.query<{ id: string }>(
        'SELECT v.id::text FROM manual_verification v JOIN users u ON u.id = v.user_id WHERE u.user_name = $1 ORDER BY v.id DESC LIMIT 1',
        [userName],
      )
    )[0]!.id,
  );

beforeAll(async () => {
  ({ app, database } = await testApp());
});

describe('manual verification', () => {
  it('stores an identity photo re-encoded as a JPEG, privately, and refuses what is not an image', async () => {
    const up = await upload(await photo());
    expect(up.code).toBe(1);
    const file = auditFileOf(app.ctx.config.DATA_DIR, up.data!.name);
    expect(existsSync(file)).toBe(true);
    expect((await sharp(file).metadata()).format).toBe('jpeg');
    expect((await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).msg).toBe(
      '请上传JPG、PNG或GIF格式的图片',
    );
  });

  it('takes a request, lets the operator approve it, and answers a reset token exactly once', async () => {
    const userName = await register();
    const { data } = await upload(await photo());
    const sent = await submit(userName, [data!.name]);
    expect(sent).toMatchObject({ code: 1, msg: '提交成功，请保存受理编号' });
    const receipt = sent.data!.receipt;
    expect(receipt).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    // one open request per account
    expect((await submit(userName, [data!.name])).msg).toBe('您已提交人工验证，请等待审核结果');
    expect((await post('users/manualVerificationStatus', { userName, receipt })).data).toMatchObject({
      state: 'pending',
    });
    // another account, or a wrong receipt, learns nothing
    expect((await post('users/manualVerificationStatus', { userName, receipt: 'AAAA-BBBB-CCCC' })).msg).toBe(
      '账号或受理编号错误',
    );

    const listed = await admin('verification-list', []);
    expect(listed).toContain(userName);
    expect(listed).toContain(auditFileOf(app.ctx.config.DATA_DIR, data!.name));
    const id = await idOf(userName);
    expect(await admin('verification-approve', [String(id)])).toBe(`request #${id} approved`);
    await expect(admin('verification-approve', [String(id)])).rejects.toThrow('not pending');

    // two looks at once: one gets the token, the other finds it used
    const looks = await Promise.all([
      post<{ state: string; token?: string }>('users/manualVerificationStatus', { userName, receipt }),
      post<{ state: string; token?: string }>('users/manualVerificationStatus', {
        userName,
        receipt: receipt.toLowerCase(),
      }),
    ]);
    const states = looks.map((l) => l.data!.state).sort();
    expect(states).toEqual(['approved', 'used']);
    const token = looks.find((l) => l.data!.token)!.data!.token!;

    const reset = await post('users/forgetPasswordReset', {
      token,
      password: passwordDigest(userName, 'New12345'),
    });
    expect(reset.code).toBe(1);
    const login = await post('users/login', { userName, password: passwordDigest(userName, 'New12345') });
    expect(login.code).toBe(1);
    // with the approval used, a new request may be sent
    expect((await submit(userName, [data!.name])).code).toBe(1);
  });

  it('a rejection carries the operator’s reason; bad input is refused with nothing written', async () => {
    const userName = await register();
    const { data } = await upload(await photo());
    const before = await database.query<{ n: string }>('SELECT count(*)::text AS n FROM manual_verification');
    expect((await submit('nosuchuser1', [data!.name])).msg).toBe('账号不存在');
    expect((await submit(userName, [])).msg).toBe('请上传1-3张证件照片');
    expect((await submit(userName, ['202611/AAAAAAAAAAAAAAAAAAAA'])).msg).toBe('请上传1-3张证件照片');
    expect((await submit(userName, ['../../etc/passwd'])).msg).toBe('请上传1-3张证件照片');
    // the platform's one real-name rule (spec §5): 2-50 characters, at most 25 without the dots
    for (const realName of ['x', '李'.repeat(26), 'Иван'])
      expect(
        (
          await post('users/manualVerification', {
            userName,
            realName,
            phone: '13800138000',
            images: data!.name,
          })
        ).msg,
      ).toBe(FieldMessages.realName);
    expect(
      (
        await post('users/manualVerification', {
          userName,
          realName: '张三',
          phone: '123',
          images: data!.name,
        })
      ).msg,
    ).toBe('手机号码格式不正确');
    const after = await database.query<{ n: string }>('SELECT count(*)::text AS n FROM manual_verification');
    expect(after[0]!.n).toBe(before[0]!.n);

    const { receipt } = (await submit(userName, [data!.name])).data!;
    await admin('verification-reject', [String(await idOf(userName)), '照片不清晰，请重新拍摄']);
    expect((await post('users/manualVerificationStatus', { userName, receipt })).data).toMatchObject({
      state: 'rejected',
      reason: '照片不清晰，请重新拍摄',
    });
    expect((await submit(userName, [data!.name])).code).toBe(1);
  });

  it('limits requests per address: a sixth within a minute is refused', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await submit('nosuchuser2', ['x'], '10.8.8.8')).msg);
    expect(codes.slice(0, 5).every((m) => m !== '操作过于频繁，请稍后再试')).toBe(true);
    expect(codes[5]).toBe('操作过于频繁，请稍后再试');
  });
});
