// A real OpenID provider for Corkboard's tests: panva's oidc-provider on 127.0.0.1 with a free
// port, started by tests/common/oidc.rs, which reads the first line it prints ("issuer URL").
//
//   node tests/oidc/provider.mjs '{"ada": {"email": "ada@example.org", "email_verified": true}}'
//
// The argument names the accounts (the subject) with their claims (email, email_verified,
// preferred_username, groups). The development interactions sign in any account named, with any
// password. One client: `corkboard` / `corkboard-secret`, redirected back to any loopback port.
//
// For what a real provider never sends, POST /__test/tamper {"mode": ...} makes the NEXT token
// answer carry a doctored ID token: `none` (unsigned, alg none), `foreign-key` (signed with a
// key never published), `hs256` (HS256 with the client secret), `hs256-public-key` (HS256 with
// the published key as the secret), `audience`, `expired`, `nonce`, `issuer` (claims changed,
// signed with the provider's own key). POST /__test/rotate publishes a second key and signs every
// ID token with it from then on, as a provider rotating its keys does.

import { createServer } from 'node:http';
import { Provider } from 'oidc-provider';
import * as jose from 'jose';

const accounts = JSON.parse(process.argv[2] ?? '{}');
const CLIENT = { id: 'corkboard', secret: 'corkboard-secret' };

async function signingKey(kid) {
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  return { ...(await jose.exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
}

function publicPart({ kty, n, e, kid, alg, use }) {
  return { kty, n, e, kid, alg, use };
}

const published = await signingKey('first-key');
const rotated = await signingKey('second-key');
const neverPublished = await signingKey('never-published');
let tamperNext = null;
let rotatedNow = false;

const server = createServer();
await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      // Native: a loopback redirect matches whatever port the test's server got.
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/api/auth/oidc/callback'],
      post_logout_redirect_uris: ['http://127.0.0.1/login/'],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [published] },
  cookies: { keys: ['the test provider signs its cookies with this'] },
  pkce: { required: () => true },
  // The claims of the scopes asked go into the ID token, as most providers put them.
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['preferred_username', 'groups'],
  },
  features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  async findAccount(_ctx, id) {
    const claims = accounts[id];
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
});

// The token answer, doctored when a test asked for it.
provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === '/jwks' && rotatedNow) {
    ctx.body = { keys: [...ctx.body.keys, publicPart(rotated)] };
  }
  if (ctx.path !== '/token' || !ctx.body?.id_token) return;
  const mode = tamperNext;
  tamperNext = null;
  if (mode) {
    ctx.body = { ...ctx.body, id_token: await doctored(ctx.body.id_token, mode) };
  } else if (rotatedNow) {
    ctx.body = { ...ctx.body, id_token: await signed(jose.decodeJwt(ctx.body.id_token), rotated) };
  }
});

async function signed(claims, key) {
  return new jose.SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .sign(await jose.importJWK(key, 'RS256'));
}

async function doctored(idToken, mode) {
  const claims = jose.decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  switch (mode) {
    case 'none': {
      const part = (json) => Buffer.from(JSON.stringify(json)).toString('base64url');
      return `${part({ alg: 'none' })}.${part(claims)}.`;
    }
    case 'foreign-key':
      return signed(claims, neverPublished);
    case 'hs256':
      return new jose.SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(CLIENT.secret));
    case 'hs256-public-key':
      return new jose.SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: published.kid })
        .sign(new TextEncoder().encode(JSON.stringify(publicPart(published))));
    case 'audience':
      return signed({ ...claims, aud: 'another-client' }, published);
    case 'expired':
      return signed({ ...claims, iat: now - 7200, exp: now - 3600 }, published);
    case 'nonce':
      return signed({ ...claims, nonce: 'not-the-nonce-sent' }, published);
    case 'issuer':
      return signed({ ...claims, iss: 'http://127.0.0.1:9/another-issuer' }, published);
    default:
      throw new Error(`unknown tamper mode ${mode}`);
  }
}

async function bodyOf(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

const answer = provider.callback();
server.on('request', async (req, res) => {
  if (req.method === 'POST' && req.url === '/__test/tamper') {
    tamperNext = (await bodyOf(req)).mode;
    res.writeHead(204).end();
  } else if (req.method === 'POST' && req.url === '/__test/rotate') {
    rotatedNow = true;
    res.writeHead(204).end();
  } else {
    answer(req, res);
  }
});

console.log(`issuer ${issuer}`);
