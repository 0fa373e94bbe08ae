const {start,BASE}=require('./lib.cjs'); const {stockOrder}=require('./stlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Stock Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 await stockOrder(page,shot,'77-stk-market',{type:'MARKET',qty:10});
 await stockOrder(page,shot,'78-stk-limit',{type:'LIMIT',qty:10,price:100});
 await done();
})();
