import { createApp, defineComponent, h, onUnmounted, ref } from 'vue';
import type {
  AtriumLoginEventMap,
  AtriumMenuContainerEventMap,
  AtriumPeoplePickerEventMap,
} from '../../types/atrium-elements';
import { formText, loadElements, onHostEvents, setLanguage, signOut } from './elements';

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
  const language = ref('');
  const session = ref('');
  const locked = ref(false);
  onUnmounted(
    onHostEvents({
      language: (value) => (language.value = value),
      session: (account) => (session.value = account),
    }),
  );
  return () =>
    h('main', [
      h('h1', 'Atrium in a Vue 3 page'),
      h('atrium-login', {
        'hide-mobile': '',
        lang: 'en-US',
        'onAtrium-login': (event: AtriumLoginEventMap['atrium-login']) =>
          (account.value = event.detail.user.account),
      }),
      h('output', { 'data-host-state': 'signed-in' }, account.value),
      h('section', { 'data-host-part': 'api' }, [
        h('label', [
          'Language ',
          h(
            'select',
            {
              'data-host-action': 'language',
              onChange: (event: Event) => setLanguage((event.target as HTMLSelectElement).value),
            },
            [h('option', { value: 'zh-CN' }, '中文'), h('option', { value: 'en-US' }, 'English')],
          ),
        ]),
        h('output', { 'data-host-state': 'language' }, language.value),
        h('output', { 'data-host-state': 'session' }, session.value),
        h(
          'button',
          { type: 'button', 'data-host-action': 'sign-out', onClick: signOut },
          'Sign out',
        ),
      ]),
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
          h('fieldset', { disabled: locked.value }, [
            h('label', { for: 'copy-to' }, 'Recipients'),
            h('atrium-people-picker', {
              id: 'copy-to',
              name: 'copyTo',
              multiple: true,
              required: true,
              label: 'Copy to',
              'onAtrium-change': (event: AtriumPeoplePickerEventMap['atrium-change']) =>
                (picked.value = event.detail.people.length),
            }),
            h('label', ['Note ', h('input', { name: 'note' })]),
          ]),
          h('label', [
            h('input', {
              type: 'checkbox',
              'data-host-action': 'lock',
              checked: locked.value,
              onChange: (event: Event) =>
                (locked.value = (event.target as HTMLInputElement).checked),
            }),
            ' Lock',
          ]),
          h('output', { 'data-host-state': 'picked' }, String(picked.value)),
          h('button', { type: 'submit' }, 'Send'),
          h('button', { type: 'reset' }, 'Reset'),
          h('output', { 'data-host-state': 'form' }, sent.value),
        ],
      ),
      h(
        'atrium-menu-container',
        {
          'menu-alias': 'v-flow',
          'onAtrium-navigate': (event: AtriumMenuContainerEventMap['atrium-navigate']) => {
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

// The page draws before the elements' scripts arrive, as a host that loads them async does.
createApp(App).mount('#app');
await loadElements();
