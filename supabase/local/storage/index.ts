import { json } from '../http.ts';
import type { Stack, StackService } from '../types.ts';

export function createStorageService(_stack: Stack): StackService {
  return { prefix: '/storage/v1', handle: async () => json({ message: 'not available yet' }, 501) };
}
