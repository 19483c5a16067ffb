/** Svelte components of the host page, compiled by vite.hosts.config.ts. */
declare module '*.svelte' {
  import type { Component } from 'svelte';
  const component: Component;
  export default component;
}
