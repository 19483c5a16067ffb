import '../../core/i18n/custom-dialog';
import { defineElement } from '../../ui/element/define';
import { formControl } from '../../ui/plug/form-control';
import { CustomDialogElement } from './CustomDialogElement';
import { meta } from './meta';
import { styles } from './styles';

defineElement({ meta, component: CustomDialogElement, styles, form: formControl });
