/**
 * The stack's core (supabase/local outside app/ and testing/) is a product of its own: it imports
 * neither the app's pieces (the app hands itself to startStack) nor the SPA's code, and only its
 * tests use the test kit.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const LOCAL_DIR = import.meta.dirname
const APP_DIR = path.join(LOCAL_DIR, 'app')
const TESTING_DIR = path.join(LOCAL_DIR, 'testing')
const SRC_DIR = path.resolve(LOCAL_DIR, '..', '..', 'src')
const FUNCTIONS_DIR = path.resolve(LOCAL_DIR, '..', 'functions')

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|mjs)$/.test(entry.name) ? [full] : []
  })
}

function isInside(file: string, dir: string): boolean {
  return !path.relative(dir, file).startsWith('..')
}

/** The files a module imports by a relative path (static imports, re-exports and import()). */
function relativeImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
  return importedFiles
    .map((reference) => reference.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name))
}

const coreFiles = sourceFiles(LOCAL_DIR).filter((file) => !isInside(file, APP_DIR) && !isInside(file, TESTING_DIR))

function importsInto(files: string[], dirs: string[]): string[] {
  return files.flatMap((file) =>
    relativeImports(file)
      .filter((imported) => dirs.some((dir) => isInside(imported, dir)))
      .map((imported) => `${path.relative(LOCAL_DIR, file)} → ${path.relative(LOCAL_DIR, imported)}`),
  )
}

describe('the local stack core', () => {
  it('is found and its imports are read', () => {
    expect(coreFiles).toContain(path.join(LOCAL_DIR, 'stack.ts'))
    expect(relativeImports(path.join(APP_DIR, 'index.ts'))).toContain(path.join(APP_DIR, 'seed-assets.ts'))
  })

  it('never imports the app folder or the SPA', () => {
    expect(importsInto(coreFiles, [APP_DIR, SRC_DIR])).toEqual([])
  })

  it("names none of the app's edge functions (the app's scheduled jobs are handed in too)", () => {
    const appFunctions = fs
      .readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
    expect(appFunctions).toContain('send-reminders')
    const runtimeFiles = coreFiles.filter((file) => !file.endsWith('.test.ts'))
    const mentions = runtimeFiles.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8')
      // A function is named as a string or a path segment ('send-reminders', /functions/v1/media);
      // the same letters in a word or a property (immediately, accept.media) are not its name.
      return appFunctions
        .filter((name) => new RegExp(`['"\`/]${name}['"\`/?]`).test(text))
        .map((name) => `${path.relative(LOCAL_DIR, file)}: ${name}`)
    })
    expect(mentions).toEqual([])
  })

  it('uses the test kit only in its tests', () => {
    const runtimeFiles = coreFiles.filter((file) => !file.endsWith('.test.ts'))
    expect(importsInto(runtimeFiles, [TESTING_DIR])).toEqual([])
  })
})
