/**
 * The hosting service's website records behind an interface (doc2 §7 GET /api/v2/configs/websites/{websiteId}:
 * reads id). The sandbox directory answers the records of websites.json in this folder and nothing else, so a
 * test knows exactly which website ids exist (server/README.md, Sandbox providers).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One website record as the API answers it. */
export interface Website {
  id: string;
  url: string;
}

/** What the API needs from a hosting service. */
export interface WebsiteDirectory {
  /** The website of that id, or undefined when the service has none. */
  find(websiteId: string): Promise<Website | undefined>;
}

const idPattern = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;

/** Reads and checks a websites fixture (`{websites:[{id, url}]}`): a bad record stops the server at start. */
export function readWebsites(file: string = fileURLToPath(new URL('./websites.json', import.meta.url))): Website[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { websites?: unknown };
  if (!Array.isArray(data.websites)) throw new Error(`${file}: "websites" must be a list`);
  const seen = new Set<string>();
  return data.websites.map((record, index) => {
    const { id, url, ...rest } = (record ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !idPattern.test(id))
      throw new Error(`${file}: websites[${index}].id must match ${idPattern}`);
    if (typeof url !== 'string' || !/^https:\/\/[^\s]+$/.test(url))
      throw new Error(`${file}: websites[${index}].url must be an https URL`);
    if (Object.keys(rest).length > 0)
      throw new Error(`${file}: websites[${index}] has unknown fields ${Object.keys(rest).join(', ')}`);
    if (seen.has(id.toLowerCase())) throw new Error(`${file}: websites[${index}].id ${id} is listed twice`);
    seen.add(id.toLowerCase());
    return { id, url };
  });
}

/** The sandbox hosting service: the listed websites, ids matched without regard to case. */
export function sandboxWebsites(websites: Website[] = readWebsites()): WebsiteDirectory {
  const byId = new Map(websites.map((w) => [w.id.toLowerCase(), w]));
  return {
    async find(websiteId) {
      return byId.get(websiteId.toLowerCase());
    },
  };
}
