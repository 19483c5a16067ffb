import { mount } from 'svelte';
import App from './App.svelte';
import { loadElements } from './elements';

// The page draws before the elements' scripts arrive, as a host that loads them async does:
// Svelte meets undefined elements and sets tableHeight as a `tableheight` attribute.
mount(App, { target: document.getElementById('app')! });
await loadElements();
