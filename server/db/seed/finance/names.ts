/** Name pools for the generated merchants, brands, products and staff. All fictional. */

export interface Category {
  key: string;
  /** Business line in a company name (…化妆品有限公司). */
  industry: string;
  department: string;
  floors: readonly string[];
  brands: readonly string[];
  products: readonly string[];
  /** Typical unit price range in yuan. */
  price: readonly [number, number];
  mode: 'joint' | 'lease';
}

export const categories: readonly Category[] = [
  {
    key: 'cosmetics',
    industry: '化妆品',
    department: '化妆品部',
    floors: ['L1'],
    brands: ['兰芝雅', '雪颜', '水之密语', '芙丽芳丝', '珀莱思', '花西子韵', '薇诺雅'],
    products: ['保湿精华液 30ml', '柔肤水 150ml', '修护面霜 50g', '洁面乳 120g', '防晒乳 SPF50'],
    price: [89, 680],
    mode: 'joint',
  },
  {
    key: 'jewellery',
    industry: '珠宝',
    department: '珠宝部',
    floors: ['L1'],
    brands: ['金六福韵', '周大生辉', '千禧之约', '玉缘阁', '银饰坊'],
    products: ['足金手镯', '18K 钻石吊坠', '925 银耳钉', '和田玉平安扣', '珍珠项链'],
    price: [299, 8800],
    mode: 'joint',
  },
  {
    key: 'womenswear',
    industry: '服饰',
    department: '女装部',
    floors: ['L2'],
    brands: ['歌莉雅', '伊芙丽莎', '玛丝菲尔德', '拉夏时光', 'ONLY ME', 'Tea_Time'],
    products: ['羊毛大衣', '真丝连衣裙', '针织开衫', '阔腿西裤', '印花衬衫'],
    price: [199, 2999],
    mode: 'joint',
  },
  {
    key: 'menswear',
    industry: '服饰',
    department: '男装部',
    floors: ['L3'],
    brands: ['七匹狼行', '利郎风尚', '海澜优选', '劲霸先生', 'GXG 都市'],
    products: ['商务衬衫', '羊绒毛衣', '休闲夹克', '修身西服', '直筒牛仔裤'],
    price: [159, 2599],
    mode: 'joint',
  },
  {
    key: 'shoes',
    industry: '鞋业',
    department: '鞋包部',
    floors: ['L2', 'L3'],
    brands: ['百丽优步', '红蜻蜓跃', '达芙妮雅', '森达足迹'],
    products: ['真皮短靴', '单鞋', '运动休闲鞋', '手提包', '双肩包'],
    price: [229, 1899],
    mode: 'joint',
  },
  {
    key: 'kids',
    industry: '母婴用品',
    department: '儿童部',
    floors: ['L4'],
    brands: ['巴拉小熊', '安奈儿童', '好孩子乐', '小猪班纳趣'],
    products: ['儿童羽绒服', '婴儿连体衣', '学步鞋', '儿童书包', '益智积木'],
    price: [69, 899],
    mode: 'joint',
  },
  {
    key: 'sports',
    industry: '体育用品',
    department: '运动部',
    floors: ['L4'],
    brands: ['李宁动', '安踏跃', '特步疾', '361 度飞', '匹克锋'],
    products: ['跑步鞋', '运动卫衣', '速干 T 恤', '篮球', '运动背包'],
    price: [99, 1299],
    mode: 'joint',
  },
  {
    key: 'home',
    industry: '家居',
    department: '家居部',
    floors: ['L5'],
    brands: ['罗莱之家', '富安娜居', '水星家纺', '梦洁生活', '100%纯棉'],
    products: ['四件套', '蚕丝被', '记忆枕', '毛巾礼盒', '香薰蜡烛'],
    price: [59, 3999],
    mode: 'lease',
  },
  {
    key: 'catering',
    industry: '餐饮管理',
    department: '餐饮部',
    floors: ['B1', 'L5'],
    brands: ['点都德茶楼', '太二酸菜', '西贝莜面', '外婆家宴', '探鱼工坊'],
    products: ['招牌套餐', '双人餐', '虾饺皇', '酸菜鱼', '莜面鱼鱼'],
    price: [38, 268],
    mode: 'lease',
  },
  {
    key: 'tea',
    industry: '茶饮',
    department: '餐饮部',
    floors: ['B1', 'L1'],
    brands: ['喜茶时光', '奈雪之茶', '一点点甜', '茶百道香'],
    products: ['多肉葡萄', '芝芝莓莓', '珍珠奶茶', '柠檬茶', '杨枝甘露'],
    price: [12, 32],
    mode: 'lease',
  },
];

export const cities = ['深圳市', '广州市', '东莞市', '惠州市', '佛山市', '珠海市'];

export const companyCores = [
  '华美',
  '锦程',
  '恒信',
  '盛世',
  '嘉禾',
  '悦享',
  '鼎丰',
  '润泽',
  '金桥',
  '天成',
  '百合',
  '瑞祥',
  '新纪元',
  '东方',
  '卓越',
  '雅致',
  '万隆',
  '汇通',
  '星河',
  '佳乐',
];

export const surnames = ['陈', '林', '黄', '张', '李', '王', '吴', '刘', '蔡', '杨', '郑', '何'];
export const givenNames = ['伟', '芳', '敏', '静', '丽', '强', '磊', '洋', '艳', '杰', '婷', '军'];

/** Accountants on statements; 王会计 is acct01's full name and must match some rows. */
export const accountants = ['王会计', '刘会计', '陈会计', '杨会计'];
/** Bookkeepers (F_kjry) on dunning notices. */
export const bookkeepers = ['周敏', '吴婷', '郑丽', '冯雪'];
/** Reviewers (YWSHRMC) on settlement statements. */
export const reviewers = ['黄经理', '林主管', '何经理'];

/** Fee items of settlement statement lines after the sales line (SFXMMC). */
export const feeItems = [
  '物业管理费',
  '宣传推广费',
  '电费',
  '水费',
  '收银系统使用费',
  '银行卡手续费',
  '会员服务费',
  '仓储费',
  '维修保养费',
  '网络费',
  '电话费',
  '保险费',
  '消防检测费',
  '垃圾清运费',
  '空调费',
  '广告位费',
  '促销活动费',
  '员工培训费',
  '条码费',
  '专柜装修管理费',
  '特卖场地费',
  '通道费',
  '积分兑换费',
  '停车券费',
  '夜间加班费',
];

/** Price tiers of invoicing-confirmation lines (BZ). */
export const salesTiers = [
  '正价商品',
  '会员价商品',
  '九折商品',
  '八折商品',
  '满减活动商品',
  '特卖场商品',
  '赠品核销',
  '团购商品',
  '线上订单',
  '储值卡消费',
  '积分兑换',
  '员工内购',
  '节日礼盒',
  '换季清货',
  '新品首发',
  '直播订单',
];

/** Reconciliation phones of the four stores, by store code. */
export const storePhones: Record<string, string> = {
  S01: '0755-27781001',
  S02: '0752-22385002',
  S03: '0755-29993003',
  S04: '0769-22184004',
};
