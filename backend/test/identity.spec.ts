import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { ProjectionRebuilder } from '../src/platform/projections/rebuild/projection-rebuilder.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, createStaff, PASSWORD, registerUser, resetMails, resetTokenIn } from './support/auth.js';
import { present } from './support/present.js';

describe('identity: sign-up, sign-in, current user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/auth/register', payload });
  const login = (payload: Record<string, unknown>, remoteAddress = '198.51.100.1') =>
    t.request({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

  it('registers a user: 201 with a token and the user, never the password or its hash', async () => {
    const res = await register({ email: '  Grace@Example.TEST ', password: PASSWORD, firstName: 'Grace', lastName: 'Hopper' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ token: expect.any(String), user: { id: expect.any(String), email: 'grace@example.test', firstName: 'Grace', lastName: 'Hopper', role: 'merchant' } });
    expect(res.body).not.toMatch(/argon2|passwordHash|correct-horse/);
  });

  it('records UserRegistered with the argon2id hash, never the password', async () => {
    const { user } = await registerUser(t);
    const { DataSource } = await import('typeorm');
    const rows = (await t.app.get(DataSource).query<{ type: string; data: string }[]>(`SELECT type, data::text AS data FROM events WHERE stream_id = $1`, [`user-${user.id}`]));
    expect(rows.map((r) => r.type)).toEqual(['UserRegistered']);
    const [registered] = rows;
    expect(JSON.parse(present(registered, 'the UserRegistered event').data).passwordHash).toMatch(/^\$argon2id\$/);
    expect(registered?.data).not.toContain(PASSWORD);
  });

  it.each([
    [{ password: PASSWORD, firstName: 'A', lastName: 'B' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: PASSWORD, firstName: 'A', lastName: 'B' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.co', firstName: 'A', lastName: 'B' }, 'password', 'Password is required'],
    [{ email: 'a@b.co', password: 'short', firstName: 'A', lastName: 'B' }, 'password', 'Password must be at least 8 characters'],
    [{ email: 'a@b.co', password: PASSWORD, firstName: ' ', lastName: 'B' }, 'firstName', 'First name is required'],
    [{ email: 'a@b.co', password: PASSWORD, firstName: 'A' }, 'lastName', 'Last name is required'],
  ])('rejects %j with "%s: %s"', async (payload, field, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message, errors: [{ field, message }] });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ statusCode: 400, message: 'Malformed JSON body' });
  });

  it('refuses a taken e-mail whatever its case: 409 Email already registered', async () => {
    await registerUser(t, { email: 'taken@example.test' });
    const res = await register({ email: 'TAKEN@example.test', password: PASSWORD, firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email already registered');
  });

  it('never lets a sign-up choose the staff role', async () => {
    const res = await register({ email: 'sneaky@example.test', password: PASSWORD, firstName: 'A', lastName: 'B', role: 'staff' });
    expect(res.json().user.role).toBe('merchant');
  });

  it('signs in with the right password and answers the same 401 for a wrong one or an unknown e-mail', async () => {
    await registerUser(t, { email: 'login@example.test' });
    const ok = await login({ email: 'Login@Example.test', password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ token: expect.any(String), message: 'Login successful' });
    const wrong = await login({ email: 'login@example.test', password: 'wrong-password' });
    const unknown = await login({ email: 'nobody@example.test', password: 'wrong-password' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('validates the login body with the spec messages', async () => {
    const res = await login({ email: 'nope', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('returns the current user with the role read from the database', async () => {
    const { token, user } = await registerUser(t, { firstName: 'Katherine', lastName: 'Johnson' });
    const res = await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: user.email, firstName: 'Katherine', lastName: 'Johnson', role: 'merchant' });
    const staff = await createStaff(t);
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(staff.token) })).json().role).toBe('staff');
  });

  it('answers 401 without a token, with a tampered, foreign, expired or orphan token', async () => {
    const { token, user } = await registerUser(t);
    const jwt = t.app.get(JwtService);
    const [head, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '00000000-0000-0000-0000-000000000000', iat: 1 })).toString('base64url');
    const candidates = {
      none: undefined,
      tampered: `${head}.${forged}.${signature}`,
      foreign: await new JwtService({ secret: 'another-secret-entirely-xxxxxxxxxxxx' }).signAsync({ sub: user.id, pv: 0 }, { jwtid: randomUUID() }),
      expired: await jwt.signAsync({ sub: user.id, pv: 0 }, { expiresIn: -10, jwtid: randomUUID() }),
      orphan: await jwt.signAsync({ sub: '00000000-0000-0000-0000-000000000000', pv: 0 }, { jwtid: randomUUID() }),
      // Signed by us, but as before sessions could end: without a token id, or without a password version.
      'no token id': await jwt.signAsync({ sub: user.id, pv: 0 }),
      'no password version': await jwt.signAsync({ sub: user.id }, { jwtid: randomUUID() }),
      'another password version': await jwt.signAsync({ sub: user.id, pv: 1 }, { jwtid: randomUUID() }),
      unsigned: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
    };
    for (const [name, candidate] of Object.entries(candidates)) {
      const res = await t.request({ method: 'GET', url: '/api/auth/user', headers: candidate ? bearer(candidate) : {} });
      expect([name, res.statusCode]).toEqual([name, 401]);
    }
  });

  describe('signing out', () => {
    const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    const logout = (headers: Record<string, string>) => t.request({ method: 'POST', url: '/api/auth/logout', headers });

    it('stops that session\'s token at once and leaves the user\'s other sessions signed in', async () => {
      const { token, user } = await registerUser(t);
      const other = (await login({ email: user.email, password: PASSWORD })).json<{ token: string }>().token;
      expect((await me(token)).statusCode).toBe(200);
      const res = await logout(bearer(token));
      expect([res.statusCode, res.body]).toEqual([204, '']);
      expect((await me(token)).statusCode).toBe(401);
      expect((await logout(bearer(token))).statusCode).toBe(401);
      expect((await me(other)).json().email).toBe(user.email);
      expect((await login({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('signs staff out the same way, and needs a session: no token or an API key is a 401', async () => {
      const staff = await createStaff(t);
      expect((await logout(bearer(staff.token))).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/admin/events', headers: bearer(staff.token) })).statusCode).toBe(401);
      expect((await logout({})).statusCode).toBe(401);
      expect((await logout(bearer('sk_test_0000000000000000000000000000'))).statusCode).toBe(401);
    });

    it('keeps a revoked token only until it would have expired anyway', async () => {
      const db = t.app.get(DataSource);
      const stale = randomUUID();
      await db.query(`INSERT INTO revoked_sessions (token_id, expires_at) VALUES ($1, now() - interval '1 minute')`, [stale]);
      const { token } = await registerUser(t);
      const { jti, exp } = JSON.parse(Buffer.from(present(token.split('.')[1], 'a JWT payload'), 'base64url').toString()) as { jti: string; exp: number };
      await logout(bearer(token));
      const rows = await db.query<{ token_id: string; expires_at: Date }[]>(`SELECT token_id, expires_at FROM revoked_sessions WHERE token_id IN ($1, $2)`, [stale, jti]);
      expect(rows).toEqual([{ token_id: jti, expires_at: new Date(exp * 1000) }]);
    });
  });

  describe('changing the password', () => {
    const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    const change = (token: string, payload: Record<string, unknown>, remoteAddress = '198.51.100.7') =>
      t.request({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload, remoteAddress });
    const NEW_PASSWORD = 'a-new-password-456';

    it('signs in with the new password only, ends every earlier session, and answers a new one for this browser', async () => {
      const { token, user } = await registerUser(t);
      const other = (await login({ email: user.email, password: PASSWORD })).json<{ token: string }>().token;
      const res = await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.any(String), message: 'Password changed' });
      expect(res.body).not.toContain(NEW_PASSWORD);
      expect((await me(res.json<{ token: string }>().token)).json().email).toBe(user.email);
      expect([(await me(token)).statusCode, (await me(other)).statusCode]).toEqual([401, 401]);
      expect((await login({ email: user.email, password: PASSWORD })).statusCode).toBe(401);
      expect((await login({ email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
      const db = t.app.get(DataSource);
      const events = await db.query<{ type: string; data: string }[]>(`SELECT type, data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_version`, [`user-${user.id}`]);
      expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordChanged']);
      expect(JSON.parse(present(events[1], 'PasswordChanged').data).passwordHash).toMatch(/^\$argon2id\$/);
      expect(events[1]?.data).not.toContain(NEW_PASSWORD);
    });

    it('refuses a wrong current password on its field and changes nothing; guessing is limited as sign-in is', async () => {
      const { token, user } = await registerUser(t);
      const wrong = await change(token, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
      expect([wrong.statusCode, wrong.json().errors]).toEqual([400, [{ field: 'currentPassword', message: 'Current password is incorrect' }]]);
      expect((await me(token)).statusCode).toBe(200);
      expect((await login({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) await change(token, { currentPassword: `guess-${i}-xx`, newPassword: NEW_PASSWORD }, '198.51.100.8');
      const limited = await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, '198.51.100.8');
      expect([limited.statusCode, limited.json().message]).toEqual([429, 'Too many failed sign-in attempts. Try again in 15 minutes.']);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    });

    it('validates the body with the form\'s messages, and needs a session', async () => {
      const { token } = await registerUser(t);
      const errorsOf = async (payload: Record<string, unknown>) => (await change(token, payload)).json<{ errors: unknown }>().errors;
      expect(await errorsOf({})).toEqual([
        { field: 'currentPassword', message: 'Current password is required' },
        { field: 'newPassword', message: 'Password is required' },
      ]);
      expect(await errorsOf({ currentPassword: PASSWORD, newPassword: 'short' })).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
      expect(await errorsOf({ currentPassword: PASSWORD, newPassword: PASSWORD })).toEqual([{ field: 'newPassword', message: 'The new password must differ from the current one' }]);
      expect((await t.request({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } })).statusCode).toBe(401);
    });

    it('replay rebuilds the credentials with the changed password and its version', async () => {
      const { token, user } = await registerUser(t);
      await change(token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      const db = t.app.get(DataSource);
      const row = () => db.query(`SELECT * FROM user_credentials WHERE user_id = $1`, [user.id]);
      const before = await row();
      expect(before[0].password_version).toBe(1);
      await t.app.get(ProjectionRebuilder).rebuild(['users']);
      expect(await row()).toEqual(before);
    });
  });

  describe('forgot password', () => {
    const NEW_PASSWORD = 'a-reset-password-789';
    const ask = (email: string, remoteAddress = '198.51.100.30') => t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
    const confirm = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload });
    const mailsTo = (to: string) => resetMails(t, to);
    const SENT = 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, within an hour.';

    it('mails a one-time link; it sets the new password, ends every session, and works only once', async () => {
      const { token: session, user } = await registerUser(t);
      const res = await ask(`  ${user.email.toUpperCase()} `);
      expect([res.statusCode, res.json()]).toEqual([202, { message: SENT }]);
      const [mail] = await mailsTo(user.email);
      expect(mail?.subject).toBe('Choose a new Tallyline password');
      expect(mail?.body).toContain(`${t.config.publicUrl}/reset-password#token=`);
      const token = resetTokenIn(mail?.body);
      const stored = await t.app.get(DataSource).query<{ token_hash: string }[]>(`SELECT token_hash FROM password_resets WHERE token_hash = $1 OR token_hash = $2`, [token, createHash('sha256').update(token).digest('hex')]);
      expect(stored.map((row) => row.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);

      const done = await confirm({ token, newPassword: NEW_PASSWORD });
      expect([done.statusCode, done.json()]).toEqual([200, { message: 'Password changed. Sign in with your new password.' }]);
      expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: bearer(session) })).statusCode).toBe(401);
      expect((await login({ email: user.email, password: PASSWORD })).statusCode).toBe(401);
      expect((await login({ email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
      const again = await confirm({ token, newPassword: 'yet-another-password' });
      expect([again.statusCode, again.json().errors]).toEqual([400, [{ field: 'token', message: 'This reset link is invalid or has expired. Ask for a new one.' }]]);
    });

    it("sends staff a link whose page leads back to the back-office's sign-in", async () => {
      const staff = await createStaff(t);
      await ask(staff.email);
      const [mail] = await mailsTo(staff.email);
      expect(mail?.body).toContain(`${t.config.publicUrl}/reset-password?account=staff#token=`);
      const token = present(/\/reset-password\?account=staff#token=([\w-]+)/.exec(mail?.body ?? '')?.[1], 'the link in the mail');
      expect((await confirm({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await login({ email: staff.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('answers an unknown address exactly as a known one, and mails nothing', async () => {
      const res = await ask('nobody-here@example.test');
      expect([res.statusCode, res.json()]).toEqual([202, { message: SENT }]);
      expect(await mailsTo('nobody-here@example.test')).toEqual([]);
    });

    it('refuses an unknown, expired or tampered link, and a short password, with their messages', async () => {
      const { user } = await registerUser(t);
      await ask(user.email);
      const token = resetTokenIn((await mailsTo(user.email))[0]?.body);
      expect((await confirm({ token: `${token}x`, newPassword: NEW_PASSWORD })).json().errors).toEqual([{ field: 'token', message: 'This reset link is invalid or has expired. Ask for a new one.' }]);
      expect((await confirm({ token, newPassword: 'short' })).json().errors).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
      await t.app.get(DataSource).query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [createHash('sha256').update(token).digest('hex')]);
      expect((await confirm({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(400);
      expect((await login({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
    });

    it('mails one account at most 3 links an hour, and of two uses of one link exactly one wins', async () => {
      const { user } = await registerUser(t);
      for (let i = 0; i < 5; i++) expect((await ask(user.email, `198.51.100.${40 + i}`)).statusCode).toBe(202);
      const mails = await mailsTo(user.email);
      expect(mails).toHaveLength(3);
      const token = resetTokenIn(mails[0]?.body);
      const answers = await Promise.all([confirm({ token, newPassword: NEW_PASSWORD }), confirm({ token, newPassword: 'the-other-password' })]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
      const events = await t.app.get(DataSource).query<{ type: string }[]>(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_version`, [`user-${user.id}`]);
      expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'PasswordChanged']);
    });
  });
});

