import { describe, expect, test } from "vitest";
import {
  isPublicAddress,
  SPECIAL_PURPOSE_RANGES,
  specialPurposeRangeOf,
} from "./special-purpose-addresses.server";

describe("specialPurposeRangeOf", () => {
  test.each([
    // IPv4 inside IPv6: the forms a URL or a resolver can give an address inside the network.
    ["::7f00:1", "::/96"],
    ["::127.0.0.1", "::/96"],
    ["::a9fe:a9fe", "::/96"],
    ["::ffff:127.0.0.1", "::ffff:0:0/96"],
    ["::ffff:8.8.8.8", "::ffff:0:0/96"],
    ["::ffff:0:7f00:1", "::ffff:0:0:0/96"],
    ["64:ff9b::a9fe:a9fe", "64:ff9b::/96"],
    ["64:ff9b:1::7f00:1", "64:ff9b:1::/48"],
    ["2002:7f00:1::1", "2002::/16"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001::/32"],
    // The rest of the IPv6 registry and the addressing architecture.
    ["::", "::/128"],
    ["::1", "::1/128"],
    ["::2", "::/96"],
    ["100::1", "100::/64"],
    ["100:0:0:1::1", "100:0:0:1::/64"],
    ["2001:1::1", "2001:1::1/128"],
    ["2001:1::4", "2001::/23"],
    ["2001:2::1", "2001:2::/48"],
    ["2001:3::1", "2001:3::/32"],
    ["2001:10::1", "2001:10::/28"],
    ["2001:20::1", "2001:20::/28"],
    ["2001:30::1", "2001:30::/28"],
    ["2001:1ff:ffff::1", "2001::/23"],
    ["2001:db8::1", "2001:db8::/32"],
    ["2620:4f:8000::1", "2620:4f:8000::/48"],
    ["3fff::1", "3fff::/20"],
    ["3fff:fff::1", "3fff::/20"],
    ["5f00::1", "5f00::/16"],
    ["fc00::1", "fc00::/7"],
    ["fd12:3456::1", "fc00::/7"],
    ["fe80::1", "fe80::/10"],
    ["fe80::1%eth0", "fe80::/10"],
    ["febf::1", "fe80::/10"],
    ["fec0::1", "fec0::/10"],
    ["ff02::1", "ff00::/8"],
    ["1234::1", "::/3"],
    ["4000::1", "4000::/2"],
    ["e000::1", "8000::/1"],
    // IPv4.
    ["0.1.2.3", "0.0.0.0/8"],
    ["0.0.0.0", "0.0.0.0/32"],
    ["10.1.2.3", "10.0.0.0/8"],
    ["100.64.0.1", "100.64.0.0/10"],
    ["100.127.255.255", "100.64.0.0/10"],
    ["127.0.0.1", "127.0.0.0/8"],
    ["169.254.169.254", "169.254.0.0/16"],
    ["172.31.255.255", "172.16.0.0/12"],
    ["192.0.0.1", "192.0.0.0/29"],
    ["192.0.0.8", "192.0.0.8/32"],
    ["192.0.0.170", "192.0.0.170/32"],
    ["192.0.0.200", "192.0.0.0/24"],
    ["192.0.2.1", "192.0.2.0/24"],
    ["192.31.196.1", "192.31.196.0/24"],
    ["192.52.193.1", "192.52.193.0/24"],
    ["192.88.99.1", "192.88.99.0/24"],
    ["192.88.99.2", "192.88.99.2/32"],
    ["192.168.1.1", "192.168.0.0/16"],
    ["192.175.48.1", "192.175.48.0/24"],
    ["198.19.255.255", "198.18.0.0/15"],
    ["198.51.100.1", "198.51.100.0/24"],
    ["203.0.113.1", "203.0.113.0/24"],
    ["224.0.0.1", "224.0.0.0/4"],
    ["239.255.255.250", "224.0.0.0/4"],
    ["240.0.0.1", "240.0.0.0/4"],
    ["255.255.255.255", "255.255.255.255/32"],
  ])("%s is in %s", (address, range) => {
    expect(specialPurposeRangeOf(address)?.range).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.32.0.1",
    "192.0.1.1",
    "192.0.3.1",
    "198.20.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82a::200e",
    "2001:200::1",
    "2001:4860:4860::8888",
    "2003::1",
    "3ffe::1",
    "3fff:1000::1",
  ])("%s is public", (address) => {
    expect(specialPurposeRangeOf(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each(["", "localhost", "example.com", "::g", "1.2.3.4.5"])(
    "%j is no address, so never public",
    (input) => {
      expect(isPublicAddress(input)).toBe(false);
    },
  );

  test("every range holds its own network address, named by it or by a range inside it", () => {
    for (const { range } of SPECIAL_PURPOSE_RANGES) {
      const [network = "", bits = ""] = range.split("/");
      const named = specialPurposeRangeOf(network);
      expect(named, range).not.toBeNull();
      expect(Number(named!.range.split("/")[1]), range).toBeGreaterThanOrEqual(Number(bits));
    }
  });
});
