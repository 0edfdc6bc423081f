// A local stand-in for Google's side of one-tap: it publishes a signing key set at the same path
// Google does (/oauth2/v3/certs) and, for the tests only, signs ID tokens on request (POST /sign).
import http from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

const port = Number(process.env.E2E_GOOGLE_PORT ?? 3212);
const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: "e2e-google", alg: "RS256", use: "sig" }] };

http
  .createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/oauth2/v3/certs") return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(jwks));
    if (req.method === "GET" && req.url === "/health") return res.writeHead(200).end("ok");
    if (req.method === "POST" && req.url === "/sign") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const { nonce, aud, sub } = JSON.parse(body);
      // As Google signs it: the address is marked verified, or the site keeps none (docs/decisions/0018).
      const token = await new SignJWT({ nonce, email: "e2e@example.com", email_verified: true, name: "E2E Visitor" })
        .setProtectedHeader({ alg: "RS256", kid: "e2e-google", typ: "JWT" })
        .setIssuer("https://accounts.google.com")
        .setAudience(aud)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      return res.writeHead(200, { "content-type": "text/plain" }).end(token);
    }
    res.writeHead(404).end();
  })
  .listen(port, "127.0.0.1");
