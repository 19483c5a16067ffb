import '../../core/i18n/sys-module';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { SysModule } from './SysModule';

defineElement({ meta, component: SysModule });
