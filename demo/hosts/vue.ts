import { createApp, defineComponent, h, ref } from 'vue';
import { formText, loadElements } from './elements';

type Detail<T> = CustomEvent<T>;

/**
 * The Vue 3 host, written with render functions (no template compiler in the bundle, no
 * eval under a strict CSP). Vue sets a prop as a property when the element has it
 * (tableHeight), otherwise as an attribute; `on<Event>` listens to that event name.
 */
const App = defineComponent(() => {
  const account = ref('');
  const picked = ref(0);
  const sent = ref('');
  const navigated = ref('');
  const rendered = ref(1);
  return () =>
    h('main', [
      h('h1', 'Atrium in a Vue 3 page'),
      h('atrium-login', {
        'hide-mobile': '',
        'onAtrium-login': (event: Detail<{ user: { account: string } }>) =>
          (account.value = event.detail.user.account),
      }),
      h('output', { 'data-host-state': 'signed-in' }, account.value),
      h('atrium-todo-card', { tableHeight: 240 }),
      h('atrium-statement-list', { kind: 'lyfyjsd', 'table-height': '300' }),
      h(
        'form',
        {
          onSubmit: (event: SubmitEvent) => {
            event.preventDefault();
            sent.value = formText(event.currentTarget as HTMLFormElement);
          },
        },
        [
          h('atrium-people-picker', {
            name: 'copyTo',
            multiple: true,
            label: 'Copy to',
            'onAtrium-change': (event: Detail<{ people: unknown[] }>) =>
              (picked.value = event.detail.people.length),
          }),
          h('output', { 'data-host-state': 'picked' }, String(picked.value)),
          h('button', { type: 'submit' }, 'Send'),
          h('output', { 'data-host-state': 'form' }, sent.value),
        ],
      ),
      h(
        'atrium-menu-container',
        {
          'menu-alias': 'v-flow',
          'onAtrium-navigate': (event: Detail<{ path: string }>) => {
            event.preventDefault();
            navigated.value = event.detail.path;
          },
        },
        [
          h(
            'section',
            { 'data-host-slot': '', onClick: () => (rendered.value += 1) },
            `Vue content, rendered ${rendered.value}`,
          ),
        ],
      ),
      h('output', { 'data-host-state': 'navigated' }, navigated.value),
    ]);
});

await loadElements();
createApp(App).mount('#app');
