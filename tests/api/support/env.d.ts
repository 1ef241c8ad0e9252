declare namespace Cloudflare {
  interface Env {
    PLATFORM_MIGRATIONS: import("cloudflare:test").D1Migration[];
    COMPANY_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
