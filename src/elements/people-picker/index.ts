import '../../core/i18n/people';
import { defineElement } from '../../ui/element/define';
import { formControl } from '../../ui/plug/form-control';
import { PeoplePickerElement } from './PeoplePickerElement';
import { meta } from './meta';

defineElement({ meta, component: PeoplePickerElement, form: formControl });
