// A fictional firm on reserved example domains (RFC 2606), so a demo install never mails a real
// person: the site's identity wherever the environment names none. Node also runs it as it is,
// for `npm run admin:create`, which judges new passwords against the firm's name.
export const DEMO_BRAND = {
  name: "Keelstone Operations",
  email: "hello@keelstone.example.com",
  phone: "+1 (303) 555-0142",
  address: {
    street: "1800 Example Street, Suite 400",
    locality: "Denver",
    region: "CO",
    postalCode: "80202",
    country: "United States",
  },
} as const;
