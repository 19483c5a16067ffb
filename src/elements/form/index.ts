import '../../core/i18n/forms';
import { defineElement } from '../../ui/element/define';
import { formControl } from '../../ui/plug/form-control';
import { Form } from './Form';
import { meta } from './meta';

defineElement({ meta, component: Form, form: formControl });
