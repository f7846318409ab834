import type { DraftBackend } from './draft-store'

const databaseName = 'zochrim'
const storeName = 'memory-drafts'

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result)
    operation.onerror = () => reject(operation.error)
  })
}

function openDatabase(): Promise<IDBDatabase> {
  const opening = indexedDB.open(databaseName, 1)
  opening.onupgradeneeded = () => {
    if (!opening.result.objectStoreNames.contains(storeName)) opening.result.createObjectStore(storeName)
  }
  return request(opening)
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase()
  try {
    const transaction = database.transaction(storeName, mode)
    const result = await request(work(transaction.objectStore(storeName)))
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
    return result
  } finally {
    database.close()
  }
}

/** Drafts in the browser's IndexedDB, where Blobs (the chosen photos and video) can be kept. */
export function indexedDbBackend(): DraftBackend {
  return {
    read: (key) => withStore('readonly', (store) => store.get(key)),
    write: async (key, value) => void (await withStore('readwrite', (store) => store.put(value, key))),
    remove: async (key) => void (await withStore('readwrite', (store) => store.delete(key))),
  }
}

export function indexedDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined'
}
