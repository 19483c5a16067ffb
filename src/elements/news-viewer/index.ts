import '../../core/i18n/shell-elements';
import { defineElement } from '../../ui/element/define';
import { meta } from './meta';
import { NewsViewer } from './NewsViewer';

defineElement({ meta, component: NewsViewer });
