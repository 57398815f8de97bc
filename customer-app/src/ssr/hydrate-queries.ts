// The one function of TanStack Query's hydration a server-rendered page needs, in a chunk of its own: importing the
// package's index lazily would bring every module no other chunk holds yet (issue 20 budgets).
export { hydrate } from '@tanstack/react-query';
