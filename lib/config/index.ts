// The validated runtime config of this process, read once.
import { type Config, parseConfig } from './schema';

export { type Config, ConfigError, parseConfig } from './schema';

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
