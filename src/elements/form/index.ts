import '../../core/i18n/forms';
import { defineElement } from '../../ui/element/define';
import { Form } from './Form';
import { meta } from './meta';

defineElement({ meta, component: Form });
