// A passkey in software for tests: an ES256 key answering WebAuthn challenges as an authenticator
// with user verification does, in the JSON shape @simplewebauthn/browser hands the server.
import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: string | Uint8Array) => crypto.createHash("sha256").update(data).digest();

// Authenticator data flags: the user was present (UP) and verified (UV); a key follows (AT).
const USER_PRESENT_AND_VERIFIED = 0x01 | 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/** Where the answer is made: the site's origin and host name, unless a test says otherwise. */
type Site = { origin: string; rpId: string };
const OUR_SITE: Site = { origin: "http://localhost:3000", rpId: "localhost" };

export function softwarePasskey() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = crypto.randomBytes(16);
  const id = base64url(credentialId);
  const { x = "", y = "" } = publicKey.export({ format: "jwk" });
  // The public key as COSE: EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), its x and y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(x, "base64url")],
      [-3, Buffer.from(y, "base64url")],
    ]),
  );
  let counter = 0;
  let userHandle: string | undefined;

  const authenticatorData = (site: Site, flags: number, attested = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(site.rpId), Buffer.from([flags]), count, attested]);
  };
  const clientData = (type: string, challenge: string, site: Site) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: site.origin, crossOrigin: false }));

  return {
    id,
    /** What navigator.credentials.create() answers to the registration options. */
    register(options: { challenge: string; user: { id: string } }, site = OUR_SITE) {
      userHandle = options.user.id;
      const attested = Buffer.concat([
        Buffer.alloc(16), // no AAGUID: attestation "none"
        Buffer.from([0, credentialId.length]),
        credentialId,
        coseKey,
      ]);
      const noStatement = new Map<string, never>();
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, never>>([
          ["fmt", "none"],
          ["attStmt", noStatement],
          [
            "authData",
            authenticatorData(site, USER_PRESENT_AND_VERIFIED | ATTESTED_CREDENTIAL, attested),
          ],
        ]),
      );
      return JSON.stringify({
        id,
        rawId: id,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: base64url(clientData("webauthn.create", options.challenge, site)),
          attestationObject: base64url(attestationObject),
          transports: ["internal"],
        },
      });
    },
    /** What navigator.credentials.get() answers to the sign-in options; the count goes up. */
    signIn(options: { challenge: string }, site = OUR_SITE) {
      counter += 1;
      const data = authenticatorData(site, USER_PRESENT_AND_VERIFIED);
      const client = clientData("webauthn.get", options.challenge, site);
      const signature = crypto.sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return JSON.stringify({
        id,
        rawId: id,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(data),
          signature: base64url(signature),
          userHandle,
        },
      });
    },
  };
}
