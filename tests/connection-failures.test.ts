// The one table of failed connections in plain words: what Node, OpenSSL and nodemailer report,
// as staff read it in the outbox, on a webhook endpoint and under a link without a preview.
import { describe, expect, test } from "vitest";
import { connectionFailure } from "~/lib/outbound-http.server";

/** An error as Node's sockets, resolver and TLS give it: a message and a code. */
function systemError(code: string, message = `connect ${code} 127.0.0.1:9`) {
  return Object.assign(new Error(message), { code });
}

describe("connectionFailure", () => {
  test.each([
    ["ENOTFOUND", "The address could not be found (ENOTFOUND)."],
    [
      "EAI_AGAIN",
      "The address could not be looked up: the name server did not answer (EAI_AGAIN).",
    ],
    ["ECONNREFUSED", "The server refused the connection (ECONNREFUSED)."],
    ["ETIMEDOUT", "The connection timed out (ETIMEDOUT)."],
    ["ECONNRESET", "The server closed the connection before answering (ECONNRESET)."],
    ["EHOSTUNREACH", "The server cannot be reached from here (EHOSTUNREACH)."],
    ["ENETUNREACH", "The server cannot be reached from here (ENETUNREACH)."],
    ["CERT_HAS_EXPIRED", "The server's certificate has expired (CERT_HAS_EXPIRED)."],
    [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "The server's certificate is self-signed, so it cannot be trusted (DEPTH_ZERO_SELF_SIGNED_CERT).",
    ],
    [
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      "The server's certificate could not be verified (UNABLE_TO_VERIFY_LEAF_SIGNATURE).",
    ],
    [
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "The server's certificate is for another name (ERR_TLS_CERT_ALTNAME_INVALID).",
    ],
    ["EPROTO", "A secure connection could not be set up (EPROTO)."],
    ["EAUTH", "The mail server did not accept the user name or password (EAUTH)."],
  ])("%s is said in plain words, the code after them", (code, words) => {
    expect(connectionFailure(systemError(code))).toBe(words);
  });

  test.each([
    // nodemailer's own stage code, the system's only in its message.
    [
      "ESOCKET",
      "connect ECONNREFUSED 127.0.0.1:2525",
      "The server refused the connection (ECONNREFUSED).",
    ],
    [
      "EDNS",
      "getaddrinfo ENOTFOUND mail.example.invalid",
      "The address could not be found (ENOTFOUND).",
    ],
    ["ETIMEDOUT", "Connection timeout", "The connection timed out (ETIMEDOUT)."],
  ])("nodemailer's %s with %j is read by the system's code", (code, message, words) => {
    expect(connectionFailure(systemError(code, message))).toBe(words);
  });

  test("a failure the table does not know keeps its own message and code, never a code alone", () => {
    expect(connectionFailure(systemError("EWEIRD", "something odd happened"))).toBe(
      "The connection failed: something odd happened (EWEIRD)",
    );
    expect(connectionFailure(new Error("socket hang up"))).toBe(
      "The connection failed: socket hang up",
    );
    expect(connectionFailure("ECONNREFUSED")).toBe(
      "The server refused the connection (ECONNREFUSED).",
    );
  });
});
