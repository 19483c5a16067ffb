import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { PasswordDialog } from './PasswordDialog';

defineElement({ meta, component: PasswordDialog });
