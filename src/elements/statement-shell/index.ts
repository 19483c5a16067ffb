import '../../core/i18n/shell';
import '../../core/i18n/forms';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { StatementShell } from './StatementShell';

defineElement({ meta, component: StatementShell });
