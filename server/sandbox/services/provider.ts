/**
 * The service catalogue behind an interface (doc2 §7 Other: 'the service lookup for gopay. service ids is
 * dispatched'; GET /api/v2/services/{serviceId} is our path). The sandbox catalogue answers the records of
 * services.json in this folder and nothing else, so a test knows exactly which service ids exist.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One service record as the API answers it. */
export interface ServiceRecord {
  serviceId: string;
  serviceType: string;
  apiVersion: 'V1' | 'V2';
  websiteId?: string;
}

/** What the API needs from a service catalogue. */
export interface ServiceCatalogue {
  /** The service of that id, or undefined when the catalogue has none. */
  find(serviceId: string): Promise<ServiceRecord | undefined>;
}

const idPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Reads and checks a services fixture (`{services:[...]}`): a bad record stops the server at start. */
export function readServices(
  file: string = fileURLToPath(new URL('./services.json', import.meta.url)),
): ServiceRecord[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { services?: unknown };
  if (!Array.isArray(data.services)) throw new Error(`${file}: "services" must be a list`);
  const seen = new Set<string>();
  return data.services.map((record, index) => {
    const { serviceId, serviceType, apiVersion, websiteId, ...rest } = (record ?? {}) as Record<string, unknown>;
    const at = `${file}: services[${index}]`;
    if (typeof serviceId !== 'string' || !idPattern.test(serviceId))
      throw new Error(`${at}.serviceId must match ${idPattern}`);
    if (typeof serviceType !== 'string' || serviceType === '')
      throw new Error(`${at}.serviceType must be a non-empty string`);
    if (apiVersion !== 'V1' && apiVersion !== 'V2') throw new Error(`${at}.apiVersion must be V1 or V2`);
    if (websiteId !== undefined && (typeof websiteId !== 'string' || websiteId === ''))
      throw new Error(`${at}.websiteId must be a non-empty string when given`);
    if (Object.keys(rest).length > 0) throw new Error(`${at} has unknown fields ${Object.keys(rest).join(', ')}`);
    if (seen.has(serviceId.toLowerCase())) throw new Error(`${at}.serviceId ${serviceId} is listed twice`);
    seen.add(serviceId.toLowerCase());
    return { serviceId, serviceType, apiVersion, ...(websiteId ? { websiteId } : {}) };
  });
}

/** The sandbox catalogue: the listed services, ids matched without regard to case. */
export function sandboxServices(services: ServiceRecord[] = readServices()): ServiceCatalogue {
  const byId = new Map(services.map((s) => [s.serviceId.toLowerCase(), s]));
  return {
    async find(serviceId) {
      return byId.get(serviceId.toLowerCase());
    },
  };
}
