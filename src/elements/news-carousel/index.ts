import '../../core/i18n/widgets';
import { defineElement } from '../../ui/element/define';
import { NewsCarousel } from './NewsCarousel';
import { meta } from './meta';

defineElement({ meta, component: NewsCarousel });
