import { useMutation } from '@tanstack/react-query'

/**
 * Stands in for an API module's mutation hook in a screen's test, calling the test's mock of the API
 * function: `vi.mock('./api/sign-in', async () => ({ useSignIn: (await import('@/test/mutation-hook')).mutationHookOf(signIn) }))`.
 */
export function mutationHookOf<Variables, Data>(call: (variables: Variables) => Promise<Data>) {
  return () => useMutation({ mutationFn: (variables: Variables) => call(variables) })
}
